import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { heatmapQuerySchema, heatmapSchema } from '@shared/admin/heatmap.js';
import { getHeatmap } from './heatmap.js';

/** GET /api/admin/heatmap?period=7d|30d|90d|all, registered inside the admin routes (admins only). */
export const heatmapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/heatmap', { schema: { querystring: heatmapQuerySchema, response: { 200: heatmapSchema } } }, (request) =>
    getHeatmap(app.database, request.query.period),
  );
};

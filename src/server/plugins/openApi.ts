import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document and its viewer at /api/docs, generated from the routes' schemas. OPENAPI
 * decides; unset, production leaves it out, since it maps every route for whoever probes the site.
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  if (!(app.config.OPENAPI ?? app.config.mode !== 'production')) return;
  await app.register(swagger, {
    openapi: { info: { title: 'ChopChop API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});

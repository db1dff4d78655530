import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serveRealtimeSocket } from './connection.js';

/** GET /api/realtime: the WebSocket; see shared/realtime/events.ts for its messages. */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { websocket: true }, (socket, request) => {
    serveRealtimeSocket(socket, { hub: app.realtime, db: app.db, readAccessToken: app.readAccessToken, log: request.log });
  });
};

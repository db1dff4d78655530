import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../http/errors.js';
import { serveRealtimeSocket } from './connection.js';

/** GET /api/realtime: the WebSocket; see shared/realtime/events.ts for its messages. */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: 'GET',
    url: '/',
    handler: () => {
      throw badRequest('Open /api/realtime as a WebSocket');
    },
    wsHandler: (socket, request) => {
      serveRealtimeSocket(socket, { hub: app.realtime, db: app.db, readAccessToken: app.readAccessToken, log: request.log });
    },
  });
};

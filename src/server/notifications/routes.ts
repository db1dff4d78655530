import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationSettingsSchema } from '@shared/notifications/settings.js';
import { requireUser } from '../http/guards.js';
import { changeSettings, readSettings } from './settings.js';

/** /api/notifications/settings: the signed-in user's own choice of messages, per kind and channel. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/settings', { schema: { response: { 200: notificationSettingsSchema } } }, (request) =>
    readSettings(app.db, requireUser(request)),
  );
  app.put(
    '/settings',
    { schema: { body: notificationSettingsSchema, response: { 200: notificationSettingsSchema } } },
    (request) => changeSettings(app.db, requireUser(request), request.body.items),
  );
};

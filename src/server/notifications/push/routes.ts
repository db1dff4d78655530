import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pushKeySchema, pushSubscriptionSchema, pushUnsubscribeSchema } from '@shared/notifications/push.js';
import { allowOnly, requireUser } from '../../http/guards.js';
import { unauthorized } from '../../http/errors.js';
import { keepsPushDevices } from '../../policy.js';
import { subscribeDevice, unsubscribeDevice } from './subscriptions.js';
import { vapidOf } from './vapid.js';

/** The session the caller's access token belongs to: a device's subscription ends with it. */
function sessionOf(request: FastifyRequest): string {
  if (!request.sessionId) throw unauthorized();
  return request.sessionId;
}

/**
 * Web push, mounted at /api/push: the key browsers subscribe with, and each signed-in device's
 * subscription, kept (POST) and removed (DELETE) by the notification button.
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const { publicKey } = vapidOf(config);
  const signedInDevice = allowOnly(keepsPushDevices);

  app.get('/key', { schema: { response: { 200: pushKeySchema } } }, () => ({ publicKey }));

  app.post('/subscriptions', { onRequest: signedInDevice, schema: { body: pushSubscriptionSchema } }, async (request, reply) => {
    await subscribeDevice(db, config.PUSH_SERVICE_ORIGINS, requireUser(request), sessionOf(request), request.body);
    return reply.status(204).send();
  });

  app.delete('/subscriptions', { onRequest: signedInDevice, schema: { body: pushUnsubscribeSchema } }, async (request, reply) => {
    await unsubscribeDevice(db, requireUser(request), request.body.endpoint);
    return reply.status(204).send();
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DRIVER_MESSAGES,
  availabilitySchema,
  driverPositionSchema,
  driverStatusSchema,
  storedPositionSchema,
} from '@shared/drivers/schemas.js';
import { allowOnly, requireUser } from '../http/guards.js';
import { counterLimits } from '../http/rateLimits.js';
import { keepsDriverRow } from '../policy.js';
import { setAvailability } from './availability.js';
import { reportPosition } from './location.js';
import { getDriverStatus } from './status.js';

/**
 * A rider goes online or offline a few times a shift. Each 'online' after an 'offline' queues an
 * offer job (availability.ts), so a script flipping it would fill the queue: counted per rider.
 */
const AVAILABILITY_CHANGES_PER_MINUTE = 20;

/** The driver's own row, mounted at /api/drivers: every route is for drivers, each about themselves. */
export const driverRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', allowOnly(keepsDriverRow, DRIVER_MESSAGES.notDriver));

  app.get('/me', { schema: { response: { 200: driverStatusSchema } } }, (request) =>
    getDriverStatus(app.db, requireUser(request)),
  );

  app.put('/me/location', { schema: { body: driverPositionSchema, response: { 200: storedPositionSchema } } }, (request) =>
    reportPosition(app, requireUser(request), request.body),
  );

  const availabilityLimits = counterLimits(app, [
    {
      name: 'rider-availability',
      max: AVAILABILITY_CHANGES_PER_MINUTE,
      windowSeconds: 60,
      key: (request) => request.user?.userId,
      message: DRIVER_MESSAGES.availabilityTooOften,
    },
  ]);
  app.patch(
    '/me/availability',
    { onRequest: availabilityLimits, schema: { body: availabilitySchema, response: { 200: driverStatusSchema } } },
    (request) => setAvailability(app, requireUser(request), request.body.available),
  );
};

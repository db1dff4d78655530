import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availabilitySchema, driverStatusSchema } from '@shared/drivers/schemas.js';
import { allowOnly, requireUser } from '../http/guards.js';
import { makesDeliveries } from '../policy.js';
import { setAvailability } from './availability.js';

/** Mounted at /api/drivers: PATCH /me/availability, a driver going online or offline. */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/me/availability',
    { onRequest: allowOnly(makesDeliveries), schema: { body: availabilitySchema, response: { 200: driverStatusSchema } } },
    (request) => setAvailability(app, requireUser(request), request.body.available),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DRIVER_MESSAGES,
  availabilitySchema,
  driverPositionSchema,
  driverStatusSchema,
  storedPositionSchema,
} from '@shared/drivers/schemas.js';
import { allowOnly, requireUser } from '../http/guards.js';
import { keepsDriverRow } from '../policy.js';
import { setAvailability } from './availability.js';
import { reportPosition } from './location.js';
import { getDriverStatus } from './status.js';

/** The driver's own row, mounted at /api/drivers: every route is for drivers, each about themselves. */
export const driverRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', allowOnly(keepsDriverRow, DRIVER_MESSAGES.notDriver));

  app.get('/me', { schema: { response: { 200: driverStatusSchema } } }, (request) =>
    getDriverStatus(app.db, requireUser(request)),
  );

  app.put('/me/location', { schema: { body: driverPositionSchema, response: { 200: storedPositionSchema } } }, (request) =>
    reportPosition(app, requireUser(request), request.body),
  );

  app.patch('/me/availability', { schema: { body: availabilitySchema, response: { 200: driverStatusSchema } } }, (request) =>
    setAvailability(app, requireUser(request), request.body.available),
  );
};

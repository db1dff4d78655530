import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { placeIdParamsSchema, savedPlaceListSchema, savedPlaceSchema, savePlaceSchema } from '@shared/places/schemas.js';
import { allowOnly, requireUser } from '../http/guards.js';
import { keepsSavedPlaces } from '../policy.js';
import { forgetPlace, listPlaces, markPlaceUsed, savePlace } from './service.js';

/**
 * A customer's saved delivery places, mounted at /api/places: list, save, mark as chosen at a
 * checkout, forget. Each customer's own; another's place answers as if it did not exist (404).
 */
export const placeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', allowOnly(keepsSavedPlaces));

  app.get('/', { schema: { response: { 200: savedPlaceListSchema } } }, (request) => listPlaces(app.db, requireUser(request)));

  app.post('/', { schema: { body: savePlaceSchema, response: { 201: savedPlaceSchema } } }, async (request, reply) =>
    reply.status(201).send(await savePlace(app.db, requireUser(request), request.body)),
  );

  app.post('/:id/used', { schema: { params: placeIdParamsSchema, response: { 200: savedPlaceSchema } } }, (request) =>
    markPlaceUsed(app.db, requireUser(request), request.params.id),
  );

  app.delete('/:id', { schema: { params: placeIdParamsSchema } }, async (request, reply) => {
    await forgetPlace(app.db, requireUser(request), request.params.id);
    return reply.status(204).send();
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  menuItemFormSchema,
  menuItemParamsSchema,
  menuOrderSchema,
  ownMenuItemSchema,
  ownMenuSchema,
  publicMenuSchema,
} from '@shared/menu/schemas.js';
import { soldOutTargetSchema } from '@shared/menu/soldOut.js';
import { restaurantIdParamsSchema } from '@shared/restaurants/schemas.js';
import { sendCached } from '../http/cachedReply.js';
import { jsonStringifier } from '../http/fastSerializer.js';
import { allowOnly, requireUser } from '../http/guards.js';
import { keepsMenus } from '../policy.js';
import { catalogKeys } from '../restaurants/catalog.js';
import { bringBack, markSoldOut } from './soldOut.js';
import { addMenuItem, changeMenuItem, getOwnMenu, getPublicMenu, removeMenuItem, reorderMenu } from './service.js';

const stringifyMenu = jsonStringifier(publicMenuSchema);

/**
 * The public menu, mounted at /api/restaurants (GET /api/restaurants/:id/menu). No sign-in
 * needed; served from the public cache with an ETag.
 */
export const publicMenuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/menu',
    { schema: { params: restaurantIdParamsSchema, response: { 200: publicMenuSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      const menu = await app.publicCache.get(catalogKeys.menu(id), async () => stringifyMenu(await getPublicMenu(app.db, id)));
      return sendCached(request, reply, menu);
    },
  );
};

/**
 * The owner's menu management, mounted at /api/restaurants: /:id/menu-items (GET the whole menu,
 * POST an item), /:id/menu-items/:itemId (PUT, DELETE), PUT /:id/menu-items/order, and the board's
 * /:id/menu-items/:itemId/sold-out (PUT marks the dish or a choice sold out for today, DELETE brings it back).
 */
export const menuManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', allowOnly(keepsMenus));
  const deps = { db: app.db, storage: app.storage };

  app.get('/:id/menu-items', { schema: { params: restaurantIdParamsSchema, response: { 200: ownMenuSchema } } }, (request) =>
    getOwnMenu(app.db, requireUser(request), request.params.id),
  );

  app.post(
    '/:id/menu-items',
    { schema: { params: restaurantIdParamsSchema, body: menuItemFormSchema, response: { 201: ownMenuItemSchema } } },
    async (request, reply) =>
      reply.status(201).send(await addMenuItem(deps, requireUser(request), request.params.id, request.body)),
  );

  app.put(
    '/:id/menu-items/order',
    { schema: { params: restaurantIdParamsSchema, body: menuOrderSchema, response: { 200: ownMenuSchema } } },
    (request) => reorderMenu(app.db, requireUser(request), request.params.id, request.body.itemIds),
  );

  app.put(
    '/:id/menu-items/:itemId',
    { schema: { params: menuItemParamsSchema, body: menuItemFormSchema, response: { 200: ownMenuItemSchema } } },
    (request) =>
      changeMenuItem(
        deps,
        requireUser(request),
        { restaurantId: request.params.id, itemId: request.params.itemId },
        request.body,
      ),
  );

  app.put(
    '/:id/menu-items/:itemId/sold-out',
    { schema: { params: menuItemParamsSchema, body: soldOutTargetSchema, response: { 200: ownMenuItemSchema } } },
    (request) =>
      markSoldOut(app.db, requireUser(request), { restaurantId: request.params.id, itemId: request.params.itemId }, request.body),
  );

  app.delete(
    '/:id/menu-items/:itemId/sold-out',
    { schema: { params: menuItemParamsSchema, querystring: soldOutTargetSchema, response: { 200: ownMenuItemSchema } } },
    (request) =>
      bringBack(app.db, requireUser(request), { restaurantId: request.params.id, itemId: request.params.itemId }, request.query),
  );

  app.delete('/:id/menu-items/:itemId', { schema: { params: menuItemParamsSchema } }, async (request, reply) => {
    await removeMenuItem(app.db, requireUser(request), { restaurantId: request.params.id, itemId: request.params.itemId });
    return reply.status(204).send();
  });
};

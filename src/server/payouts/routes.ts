import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PAYOUT_MESSAGES,
  payoutAccountInputSchema,
  payoutAccountViewSchema,
  payoutBankListSchema,
  payoutBanksQuerySchema,
  payoutResolvedSchema,
} from '@shared/payouts/schemas.js';
import { RESTAURANT_MESSAGES, restaurantIdParamsSchema } from '@shared/restaurants/schemas.js';
import type { AuthUser } from '../core/identity.js';
import { forbidden, notFound } from '../http/errors.js';
import { allowOnly, requireUser, signedIn } from '../http/guards.js';
import { counterLimits } from '../http/rateLimits.js';
import { keepsPayoutAccount, keepsRestaurantPayoutAccount, keepsRiderPayoutAccount, refusalForRestaurant } from '../policy.js';
import { listPayoutBanks, readPayoutAccount, resolvePayoutAccount, savePayoutAccount, type PayeeOf } from './accounts.js';
import { payoutContext } from './context.js';
import { findRestaurantCountry } from './repository.js';

/**
 * Resolving an account names its holder: counted per caller so that the form cannot be used to
 * look up who owns account numbers. Saving resolves too, and counts on the same counter.
 */
const RESOLVES_PER_HOUR = 20;

function resolveLimits(app: Parameters<FastifyPluginAsyncZod>[0]) {
  return counterLimits(app, [
    {
      name: 'payout-resolves',
      max: RESOLVES_PER_HOUR,
      windowSeconds: 3600,
      key: (request) => request.user?.userId,
      message: (after) => `You have checked several accounts in a short time. Please try again in ${after}.`,
    },
  ]);
}

/** The payout form's helpers, mounted at /api/payouts: GET /banks and POST /resolve, for owners and riders. */
export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', allowOnly(keepsPayoutAccount));

  app.get('/banks', { schema: { querystring: payoutBanksQuerySchema, response: { 200: payoutBankListSchema } } }, (request) =>
    listPayoutBanks(payoutContext(app, request.log), requireUser(request), request.query),
  );

  app.post(
    '/resolve',
    { onRequest: resolveLimits(app), schema: { body: payoutAccountInputSchema, response: { 200: payoutResolvedSchema } } },
    (request) => resolvePayoutAccount(payoutContext(app, request.log), requireUser(request), request.body),
  );
};

/**
 * A restaurant's payout account, mounted at /api/restaurants: GET and PUT /:id/payout-account, for
 * its owner only; to another owner the restaurant does not exist (404), to everyone else,
 * managers and admins included, 403.
 */
export const restaurantPayoutAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', signedIn);

  async function restaurantPayee(user: AuthUser, restaurantId: string): Promise<PayeeOf> {
    if (!(await keepsRestaurantPayoutAccount(app.db, user, restaurantId))) {
      throw refusalForRestaurant(user, 'kitchen') === 'notFound' ? notFound(RESTAURANT_MESSAGES.notFound) : forbidden();
    }
    const country = await findRestaurantCountry(app.db, restaurantId);
    if (country === undefined) throw notFound(RESTAURANT_MESSAGES.notFound);
    return { payee: 'restaurant', payeeId: restaurantId, country };
  }

  app.get(
    '/:id/payout-account',
    { schema: { params: restaurantIdParamsSchema, response: { 200: payoutAccountViewSchema } } },
    async (request) => readPayoutAccount(app.db, await restaurantPayee(requireUser(request), request.params.id)),
  );

  app.put(
    '/:id/payout-account',
    {
      onRequest: resolveLimits(app),
      schema: { params: restaurantIdParamsSchema, body: payoutAccountInputSchema, response: { 200: payoutAccountViewSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const payee = await restaurantPayee(user, request.params.id);
      return savePayoutAccount(payoutContext(app, request.log), user, payee, request.body);
    },
  );
};

/** The rider's payout account, mounted at /api/drivers: GET and PUT /me/payout-account, each rider their own. */
export const riderPayoutAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', allowOnly(keepsRiderPayoutAccount, PAYOUT_MESSAGES.riderOnly));

  const rider = (user: AuthUser): PayeeOf => ({ payee: 'rider', payeeId: user.userId });

  app.get('/me/payout-account', { schema: { response: { 200: payoutAccountViewSchema } } }, (request) =>
    readPayoutAccount(app.db, rider(requireUser(request))),
  );

  app.put(
    '/me/payout-account',
    { onRequest: resolveLimits(app), schema: { body: payoutAccountInputSchema, response: { 200: payoutAccountViewSchema } } },
    (request) => {
      const user = requireUser(request);
      return savePayoutAccount(payoutContext(app, request.log), user, rider(user), request.body);
    },
  );
};

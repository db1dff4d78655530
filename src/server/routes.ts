import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicConfigSchema } from '@shared/config.js';
import { errorResponseSchema } from '@shared/http/errors.js';
import { adminRoutes } from './admin/routes.js';
import { authRoutes } from './auth/routes.js';
import { driverRoutes } from './drivers/routes.js';
import { pingInTime } from './health/ping.js';
import { earningsRoutes } from './drivers/earningsRoutes.js';
import { riderCashRoutes } from './drivers/cashRoutes.js';
import { dispatchRoutes } from './dispatch/routes.js';
import { menuManagementRoutes, publicMenuRoutes } from './menu/routes.js';
import { pushRoutes } from './notifications/push/routes.js';
import { notificationRoutes } from './notifications/routes.js';
import { smsReportRoutes } from './notifications/sms/routes.js';
import { restaurantOrderRoutes } from './orders/restaurantRoutes.js';
import { orderRoutes } from './orders/routes.js';
import { reorderRoutes } from './orders/reorderRoutes.js';
import { deliveryQuoteRoutes } from './orders/checkout/quoteRoutes.js';
import { deliveryPricingRoutes } from './orders/deliveryPricingRoutes.js';
import { paymentRoutes } from './payments/routes.js';
import { placeRoutes } from './places/routes.js';
import { orderRatingRoutes, reviewRoutes } from './ratings/routes.js';
import { payoutRoutes, restaurantPayoutAccountRoutes, riderPayoutAccountRoutes } from './payouts/routes.js';
import { salesRoutes } from './orders/salesRoutes.js';
import { realtimeRoutes } from './realtime/routes.js';
import { invitationSignupRoutes, inviteeRoutes, restaurantInvitationRoutes } from './restaurants/invitationRoutes.js';
import { busyRoutes } from './restaurants/busyRoutes.js';
import { managerRoutes } from './restaurants/managerRoutes.js';
import { pauseRoutes } from './restaurants/pauseRoutes.js';
import { restaurantRoutes } from './restaurants/routes.js';
import { statementRoutes } from './ledger/statementRoutes.js';
import { fileRoutes, uploadRoutes } from './storage/routes.js';

/** Every domain's routes, mounted under /api. */
export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  // `redis` is there when rate limits count in Redis: "degraded" while it fails, which limits
  // survive (counted per instance), so the instance stays healthy.
  app.get(
    '/health',
    {
      schema: {
        response: {
          200: z.object({ ok: z.literal(true), redis: z.enum(['ok', 'degraded']).optional() }),
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        await pingInTime(app.db);
      } catch (err) {
        request.log.warn({ err }, 'health check: the database did not answer');
        return reply.status(503).send({ error: { code: 'internal', message: 'The database is not answering' } });
      }
      const redis = app.rateLimitRedis?.status;
      return redis ? { ok: true as const, redis } : { ok: true as const };
    },
  );

  app.get('/config', { schema: { response: { 200: publicConfigSchema } } }, async () => ({
    tileUrl: app.config.TILE_URL,
    cardPayments: {
      enabled: Boolean(app.config.PAYSTACK_PUBLIC_KEY && app.config.PAYSTACK_SECRET_KEY),
      publicKey: app.config.PAYSTACK_PUBLIC_KEY ?? null,
      scriptUrl: app.config.PAYSTACK_SCRIPT_URL,
    },
  }));

  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(invitationSignupRoutes, { prefix: '/auth' });
  await app.register(uploadRoutes, { prefix: '/storage' });
  await app.register(fileRoutes, { prefix: '/files' });
  await app.register(realtimeRoutes, { prefix: '/realtime' });
  await app.register(restaurantRoutes, { prefix: '/restaurants' });
  await app.register(managerRoutes, { prefix: '/restaurants' });
  await app.register(pauseRoutes, { prefix: '/restaurants' });
  await app.register(busyRoutes, { prefix: '/restaurants' });
  await app.register(restaurantInvitationRoutes, { prefix: '/restaurants' });
  await app.register(inviteeRoutes, { prefix: '/invitations' });
  await app.register(publicMenuRoutes, { prefix: '/restaurants' });
  await app.register(menuManagementRoutes, { prefix: '/restaurants' });
  await app.register(restaurantOrderRoutes, { prefix: '/restaurants' });
  await app.register(salesRoutes, { prefix: '/restaurants' });
  await app.register(statementRoutes, { prefix: '/restaurants' });
  await app.register(orderRoutes, { prefix: '/orders' });
  await app.register(reorderRoutes, { prefix: '/orders' });
  await app.register(orderRatingRoutes, { prefix: '/orders' });
  await app.register(reviewRoutes, { prefix: '/restaurants' });
  await app.register(placeRoutes, { prefix: '/places' });
  await app.register(deliveryQuoteRoutes, { prefix: '/delivery' });
  await app.register(deliveryPricingRoutes, { prefix: '/delivery' });
  await app.register(driverRoutes, { prefix: '/drivers' });
  await app.register(earningsRoutes, { prefix: '/drivers' });
  await app.register(riderCashRoutes, { prefix: '/drivers' });
  await app.register(dispatchRoutes, { prefix: '/orders' });
  await app.register(adminRoutes, { prefix: '/admin' });
  await app.register(paymentRoutes, { prefix: '/payments' });
  await app.register(payoutRoutes, { prefix: '/payouts' });
  await app.register(restaurantPayoutAccountRoutes, { prefix: '/restaurants' });
  await app.register(riderPayoutAccountRoutes, { prefix: '/drivers' });
  await app.register(pushRoutes, { prefix: '/push' });
  await app.register(notificationRoutes, { prefix: '/notifications' });
  await app.register(smsReportRoutes, { prefix: '/sms/reports' });
};

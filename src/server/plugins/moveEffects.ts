import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dispatchMoveEffects } from '../dispatch/moveEffects.js';
import type { MoveEffects } from '../orders/moveEffects.js';
import { paymentMoveEffects } from '../payments/moveEffects.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What order moves ask of dispatch and payments (orders/moveEffects.ts), wired here so orders imports neither. */
    moveEffects: MoveEffects;
  }
}

/** Hands order moves their effects; after the jobs plugin, whose queue the refunds part uses. */
export const moveEffectsPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('moveEffects', { drivers: dispatchMoveEffects(app), refunds: paymentMoveEffects(app.jobs) });
});

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { verifyAccessToken } from '../auth/tokens.js';
import type { AuthUser } from '../core/identity.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user from a valid bearer token, or null. */
    user: AuthUser | null;
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer (.+)$/i.exec(header ?? '');
  return match?.[1];
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request.headers.authorization);
    request.user = token ? await verifyAccessToken(app.config.JWT_SECRET, token) : null;
  });
});

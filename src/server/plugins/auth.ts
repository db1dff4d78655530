import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@shared/auth/roles.js';
import { verifyAccessToken, type AccessClaims } from '../auth/tokens.js';
import { forbidden, unauthorized } from '../http/errors.js';

export type AuthUser = AccessClaims;

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

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireRole(request: FastifyRequest, ...roles: Role[]): AuthUser & { role: Role } {
  const user = requireUser(request);
  if (!user.role || !roles.includes(user.role)) throw forbidden();
  return user as AuthUser & { role: Role };
}

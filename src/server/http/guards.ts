import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../core/identity.js';
import { forbidden, unauthorized } from './errors.js';

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * An onRequest hook asking a policy question about the caller alone (policy.ts), before the
 * body is read: anonymous callers get 401, those the policy refuses 403 (with `message`, if given).
 */
export const allowOnly =
  (question: (user: AuthUser) => boolean, message?: string) =>
  async (request: FastifyRequest): Promise<void> => {
    if (!question(requireUser(request))) throw forbidden(message);
  };

/** An onRequest hook for routes that are all for signed-in callers: 401 before anything else is read. */
export const signedIn = async (request: FastifyRequest): Promise<void> => {
  requireUser(request);
};

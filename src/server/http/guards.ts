import type { FastifyRequest } from 'fastify';
import type { Role } from '@shared/auth/roles.js';
import type { AuthUser } from '../core/identity.js';
import { forbidden, unauthorized } from './errors.js';

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireRole(request: FastifyRequest, ...roles: Role[]): AuthUser & { role: Role } {
  const user = requireUser(request);
  if (!user.role || !roles.includes(user.role)) throw forbidden();
  return user as AuthUser & { role: Role };
}

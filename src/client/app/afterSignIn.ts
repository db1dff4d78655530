import { homeFor, type Role } from '@shared/auth/roles.js';
import { accessFor, type RememberedLocation } from './access.js';

/** The remembered page inside /auth's location state, if the guard (or a page) left one. */
export function rememberedFrom(locationState: unknown): RememberedLocation | null {
  if (typeof locationState !== 'object' || locationState === null || !('from' in locationState)) return null;
  const from: unknown = locationState.from;
  if (typeof from !== 'object' || from === null || !('pathname' in from) || typeof from.pathname !== 'string') return null;
  const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
  return { pathname: from.pathname, search, state: 'state' in from ? from.state : undefined };
}

/** An in-app page worth returning to: not the landing page, not /auth, never another site. */
const isReturnable = (pathname: string) =>
  pathname.startsWith('/') && !pathname.startsWith('//') && pathname !== '/' && pathname !== '/auth';

export interface Destination {
  to: string;
  state?: unknown;
}

/**
 * Where a user lands after signing in or up: back to the remembered page (with its state, so a
 * checkout keeps its cart) when their role may open it, otherwise their role's home.
 */
export function destinationAfterSignIn(locationState: unknown, role: Role | null): Destination {
  const from = rememberedFrom(locationState);
  if (from && isReturnable(from.pathname)) {
    const rule = accessFor(from.pathname);
    if (!rule || (role && rule.roles.includes(role))) return { to: `${from.pathname}${from.search}`, state: from.state };
  }
  return { to: homeFor(role) };
}

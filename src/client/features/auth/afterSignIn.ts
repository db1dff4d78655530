import { homeFor, type Role } from '@shared/auth/roles.js';
import { accessFor, type RememberedLocation } from '@/lib/access.js';

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

/** What each guarded area is called in the message of a refused visit. */
const AREA_NAMES: readonly (readonly [string, string])[] = [
  ['/restaurant/manager', 'Sales & Transactions'],
  ['/customer/checkout', 'Checkout'],
  ['/customer/orders', 'My Orders'],
  ['/restaurant', 'The restaurant dashboard'],
  ['/driver', 'The driver dashboard'],
  ['/admin', 'The admin area'],
  ['/settings/notifications', 'Notification settings'],
];

const PEOPLE: Record<Role, { one: string; many: string }> = {
  customer: { one: 'a customer', many: 'customers' },
  restaurant: { one: 'a restaurant owner', many: 'restaurant owners' },
  manager: { one: 'a manager', many: 'managers' },
  driver: { one: 'a driver', many: 'drivers' },
  admin: { one: 'an admin', many: 'admins' },
};

const listed = (words: readonly string[]) =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

/**
 * Why a signed-in user is on /auth: the guard sent them from a page their role may not open
 * (an admin opening /restaurant/manager). Null when it did not (they opened /auth themselves).
 */
export function refusedVisit(locationState: unknown, role: Role | null): string | null {
  const from = rememberedFrom(locationState);
  if (!from || !isReturnable(from.pathname)) return null;
  const rule = accessFor(from.pathname);
  if (!rule || (role && rule.roles.includes(role))) return null;
  const area = AREA_NAMES.find(([prefix]) => from.pathname === prefix || from.pathname.startsWith(`${prefix}/`));
  const page = area?.[1] ?? `The page ${from.pathname}`;
  const signedInAs = role ? `You are signed in as ${PEOPLE[role].one}.` : 'Your account has no role yet.';
  return `${page} is only for ${listed(rule.roles.map((allowed) => PEOPLE[allowed].many))}. ${signedInAs}`;
}

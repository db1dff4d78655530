import { ROLES, type Role } from '@shared/auth/roles.js';

export interface AccessRule {
  roles: readonly Role[];
  /** Where a signed-in user without one of the roles is sent. */
  otherwise: '/' | '/auth';
}

/** Who may open each signed-in area, and where a signed-in user without one of its roles is sent. */
export const ACCESS = {
  customer: { roles: ['customer'], otherwise: '/' },
  /** The restaurant dashboard links here too, so an owner is let in rather than bounced back. */
  customerOrders: { roles: ['customer', 'restaurant'], otherwise: '/' },
  restaurant: { roles: ['restaurant'], otherwise: '/' },
  manager: { roles: ['manager', 'restaurant'], otherwise: '/auth' },
  driver: { roles: ['driver'], otherwise: '/' },
  admin: { roles: ['admin'], otherwise: '/auth' },
  /** A user's own settings (which messages reach them), open to every role. */
  signedIn: { roles: ROLES, otherwise: '/auth' },
} as const satisfies Record<string, AccessRule>;

const within = (pathname: string, area: string) => pathname === area || pathname.startsWith(`${area}/`);

/** The rule guarding a path, or null for public pages. Mirrors the guards in the router. */
export function accessFor(pathname: string): AccessRule | null {
  if (within(pathname, '/customer/checkout')) return ACCESS.customer;
  if (within(pathname, '/customer/orders')) return ACCESS.customerOrders;
  if (within(pathname, '/restaurant/manager')) return ACCESS.manager;
  if (within(pathname, '/restaurant')) return ACCESS.restaurant;
  if (within(pathname, '/driver')) return ACCESS.driver;
  if (within(pathname, '/admin')) return ACCESS.admin;
  if (within(pathname, '/settings/notifications')) return ACCESS.signedIn;
  return null;
}

/** A page to come back to after signing in, with its history state (e.g. the cart on its way to checkout). */
export interface RememberedLocation {
  pathname: string;
  search: string;
  state?: unknown;
}

/** The location state the guard hands to /auth. */
export interface AuthRedirectState {
  from: RememberedLocation;
}

export interface Viewer {
  loading: boolean;
  /** A session may exist but could not be restored, though not refused (offline): see RestoreState. */
  unconfirmed: boolean;
  signedIn: boolean;
  role: Role | null;
}

export type GuardDecision = { kind: 'wait' } | { kind: 'allow' } | { kind: 'redirect'; to: string; state?: AuthRedirectState };

/** What the route guard does for this viewer on this page. */
export function decideAccess(viewer: Viewer, rule: AccessRule, location: RememberedLocation): GuardDecision {
  if (viewer.loading) return { kind: 'wait' };
  // Until the server can be asked, the page shows what the service worker saved, or that it is
  // offline; the role is checked once the session is back, and a refusal signs out then.
  if (viewer.unconfirmed) return { kind: 'allow' };
  const from: RememberedLocation = { pathname: location.pathname, search: location.search, state: location.state };
  if (!viewer.signedIn) return { kind: 'redirect', to: '/auth', state: { from } };
  if (viewer.role && rule.roles.includes(viewer.role)) return { kind: 'allow' };
  return rule.otherwise === '/auth' ? { kind: 'redirect', to: '/auth', state: { from } } : { kind: 'redirect', to: '/' };
}

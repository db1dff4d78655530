export const ROLES = ['customer', 'restaurant', 'manager', 'driver', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The roles a person may pick for themselves at sign-up. */
export const SIGNUP_ROLES = ['customer', 'restaurant', 'driver'] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];

export const SIGNUP_ROLE_LABELS: Record<SignupRole, string> = {
  customer: 'Order food',
  restaurant: 'Manage a restaurant',
  driver: 'Deliver orders',
};

/** Where each role lands after signing in. */
const ROLE_HOME: Record<Role, string> = {
  customer: '/customer',
  restaurant: '/restaurant',
  manager: '/restaurant/manager',
  driver: '/driver',
  admin: '/admin',
};

export const homeFor = (role: Role | null | undefined): string => (role ? ROLE_HOME[role] : '/');

import { describe, expect, it } from 'vitest';
import { ACCESS, accessFor, decideAccess, type Viewer } from './access.js';

const checkout = { pathname: '/customer/checkout', search: '?step=pay', state: { cart: [{ id: 'jollof', quantity: 2 }] } };
const signedIn = (role: Viewer['role']): Viewer => ({ loading: false, unconfirmed: false, signedIn: true, role });
const signedOut: Viewer = { loading: false, unconfirmed: false, signedIn: false, role: null };

describe('decideAccess', () => {
  it('waits while the stored session is being checked', () => {
    expect(decideAccess({ ...signedOut, loading: true }, ACCESS.customer, checkout)).toEqual({ kind: 'wait' });
  });

  it('shows the page, not /auth, to a session the server could not confirm yet (reloaded offline)', () => {
    const unconfirmed = { ...signedOut, unconfirmed: true };
    expect(decideAccess(unconfirmed, ACCESS.customer, { pathname: '/customer/orders', search: '' })).toEqual({ kind: 'allow' });
  });

  it('sends a signed-out visitor to /auth remembering the page, its query and its state', () => {
    expect(decideAccess(signedOut, ACCESS.customer, checkout)).toEqual({
      kind: 'redirect',
      to: '/auth',
      state: { from: checkout },
    });
  });

  it('lets in a user whose role the page allows', () => {
    expect(decideAccess(signedIn('customer'), ACCESS.customer, checkout)).toEqual({ kind: 'allow' });
    expect(decideAccess(signedIn('manager'), ACCESS.manager, { pathname: '/restaurant/manager', search: '' })).toEqual({
      kind: 'allow',
    });
    expect(decideAccess(signedIn('restaurant'), ACCESS.manager, { pathname: '/restaurant/manager', search: '' })).toEqual({
      kind: 'allow',
    });
  });

  it('sends a user with the wrong role home to /', () => {
    expect(decideAccess(signedIn('driver'), ACCESS.customer, checkout)).toEqual({ kind: 'redirect', to: '/' });
    expect(decideAccess(signedIn('customer'), ACCESS.restaurant, { pathname: '/restaurant', search: '' })).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('treats a user without any role as the wrong role', () => {
    expect(decideAccess(signedIn(null), ACCESS.driver, { pathname: '/driver', search: '' })).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('sends non-admins away from /admin, and non-managers from the manager page, to /auth', () => {
    const admin = { pathname: '/admin/users', search: '' };
    expect(decideAccess(signedIn('customer'), ACCESS.admin, admin)).toEqual({
      kind: 'redirect',
      to: '/auth',
      state: { from: admin },
    });
    const manager = { pathname: '/restaurant/manager', search: '' };
    expect(decideAccess(signedIn('driver'), ACCESS.manager, manager)).toMatchObject({ kind: 'redirect', to: '/auth' });
  });
});

describe('accessFor', () => {
  it('leaves the landing page, browsing and menus public', () => {
    for (const path of ['/', '/auth', '/customer', '/customer/restaurant/abc', '/nowhere']) expect(accessFor(path)).toBeNull();
  });

  it('guards checkout for customers, their orders for customers and owners (linked from the dashboard), and each staff area for its roles', () => {
    expect(accessFor('/customer/checkout')).toBe(ACCESS.customer);
    expect(accessFor('/customer/orders')).toBe(ACCESS.customerOrders);
    expect(ACCESS.customerOrders.roles).toEqual(['customer', 'restaurant']);
    expect(accessFor('/restaurant')).toBe(ACCESS.restaurant);
    expect(accessFor('/restaurant/menu')).toBe(ACCESS.restaurant);
    expect(accessFor('/restaurant/manager')).toBe(ACCESS.manager);
    expect(accessFor('/driver')).toBe(ACCESS.driver);
    expect(accessFor('/admin/settings')).toBe(ACCESS.admin);
  });

  it('lets every role in to its own notification settings', () => {
    expect(accessFor('/settings/notifications')).toBe(ACCESS.signedIn);
    expect(ACCESS.signedIn.roles).toEqual(['customer', 'restaurant', 'manager', 'driver', 'admin']);
  });

  it('does not mistake a lookalike prefix for an area', () => {
    expect(accessFor('/drivers-wanted')).toBeNull();
    expect(accessFor('/restaurants')).toBeNull();
  });
});

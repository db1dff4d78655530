import { describe, expect, it } from 'vitest';
import { destinationAfterSignIn, refusedVisit, rememberedFrom } from './afterSignIn.js';

const cart = { restaurantId: 'r1', items: [{ id: 'waakye', quantity: 1 }] };

describe('destinationAfterSignIn', () => {
  it('returns to a remembered checkout with its cart state', () => {
    const state = { from: { pathname: '/customer/checkout', search: '', state: cart } };
    expect(destinationAfterSignIn(state, 'customer')).toEqual({ to: '/customer/checkout', state: cart });
  });

  it('keeps the query string of the remembered page', () => {
    const state = { from: { pathname: '/admin/orders', search: '?q=osu' } };
    expect(destinationAfterSignIn(state, 'admin')).toEqual({ to: '/admin/orders?q=osu', state: undefined });
  });

  it('returns to a remembered public page whatever the role', () => {
    const state = { from: { pathname: '/customer/restaurant/r1', search: '' } };
    expect(destinationAfterSignIn(state, 'driver').to).toBe('/customer/restaurant/r1');
  });

  it("goes to the role's home when the remembered page does not admit that role", () => {
    const state = { from: { pathname: '/admin', search: '' } };
    expect(destinationAfterSignIn(state, 'customer')).toEqual({ to: '/customer' });
  });

  it("goes to the role's home without a remembered page", () => {
    expect(destinationAfterSignIn(null, 'customer')).toEqual({ to: '/customer' });
    expect(destinationAfterSignIn(undefined, 'restaurant')).toEqual({ to: '/restaurant' });
    expect(destinationAfterSignIn({}, 'manager')).toEqual({ to: '/restaurant/manager' });
    expect(destinationAfterSignIn(undefined, 'driver')).toEqual({ to: '/driver' });
    expect(destinationAfterSignIn(undefined, 'admin')).toEqual({ to: '/admin' });
    expect(destinationAfterSignIn(undefined, null)).toEqual({ to: '/' });
  });

  it('ignores a remembered /auth, the landing page, or anything that is not an app path', () => {
    for (const pathname of ['/auth', '/', '//evil.example/x', 'https://evil.example']) {
      expect(destinationAfterSignIn({ from: { pathname, search: '' } }, 'customer')).toEqual({ to: '/customer' });
    }
  });
});

describe('rememberedFrom', () => {
  it('reads only well-formed remembered locations', () => {
    expect(rememberedFrom({ from: { pathname: '/driver' } })).toEqual({ pathname: '/driver', search: '', state: undefined });
    expect(rememberedFrom({ from: { pathname: 42 } })).toBeNull();
    expect(rememberedFrom({ from: null })).toBeNull();
    expect(rememberedFrom('from')).toBeNull();
  });
});

describe('refusedVisit', () => {
  it('says which page was refused, who may open it and who is signed in', () => {
    const state = { from: { pathname: '/restaurant/manager', search: '' } };
    expect(refusedVisit(state, 'admin')).toBe(
      'Sales & Transactions is only for managers and restaurant owners. You are signed in as an admin.',
    );
    expect(refusedVisit({ from: { pathname: '/admin/users', search: '' } }, 'driver')).toBe(
      'The admin area is only for admins. You are signed in as a driver.',
    );
  });

  it('is null when nothing was refused: no remembered page, a public one, or one the role may open', () => {
    expect(refusedVisit(null, 'admin')).toBeNull();
    expect(refusedVisit({ from: { pathname: '/customer/restaurant/r1', search: '' } }, 'admin')).toBeNull();
    expect(refusedVisit({ from: { pathname: '/restaurant/manager', search: '' } }, 'restaurant')).toBeNull();
    expect(refusedVisit({ from: { pathname: '/auth', search: '' } }, 'admin')).toBeNull();
  });
});

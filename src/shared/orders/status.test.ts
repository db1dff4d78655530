import { describe, expect, it } from 'vitest';
import {
  IN_PROGRESS_STATUSES,
  ORDER_STATUSES,
  canTransition,
  isActive,
  isCodeVisible,
  isDecline,
  isTransition,
} from './status.js';

describe('order status machine', () => {
  it('lets the kitchen confirm, cancel, start preparing and mark ready', () => {
    expect(canTransition('pending', 'confirmed', 'restaurant')).toBe(true);
    expect(canTransition('pending', 'cancelled', 'restaurant')).toBe(true);
    expect(canTransition('confirmed', 'preparing', 'restaurant')).toBe(true);
    expect(canTransition('confirmed', 'cancelled', 'admin')).toBe(true);
    expect(canTransition('preparing', 'ready', 'restaurant')).toBe(true);
  });

  it('tells moves that do not exist from moves this role may not make', () => {
    expect(isTransition('pending', 'ready')).toBe(false);
    expect(isTransition('picked_up', 'cancelled')).toBe(false);
    expect(isTransition('delivered', 'cancelled')).toBe(false);
    expect(isTransition('ready', 'accepted')).toBe(true);
    expect(canTransition('ready', 'accepted', 'restaurant')).toBe(false);
    expect(canTransition('confirmed', 'preparing', 'customer')).toBe(false);
  });

  it('lets support (admins) alone cancel an order once it is cooking, until the driver has picked it up', () => {
    for (const from of ['preparing', 'ready', 'accepted'] as const) {
      expect(canTransition(from, 'cancelled', 'admin'), from).toBe(true);
      expect(canTransition(from, 'cancelled', 'restaurant'), from).toBe(false);
      expect(canTransition(from, 'cancelled', 'driver'), from).toBe(false);
    }
    expect(ORDER_STATUSES.filter((from) => canTransition(from, 'cancelled', 'admin'))).toEqual([
      'pending',
      'confirmed',
      'preparing',
      'ready',
      'accepted',
    ]);
  });

  it("lets only the order's driver give an accepted order back (declining it), and only before pickup", () => {
    expect(canTransition('accepted', 'ready', 'driver')).toBe(true);
    expect(canTransition('accepted', 'ready', 'restaurant')).toBe(false);
    expect(isTransition('picked_up', 'ready')).toBe(false);
    expect(isDecline('accepted', 'ready')).toBe(true);
    expect(isDecline('preparing', 'ready')).toBe(false);
  });

  it('shows the delivery code only while the order is on its way', () => {
    expect(ORDER_STATUSES.filter(isCodeVisible)).toEqual(['confirmed', 'preparing', 'ready', 'accepted', 'picked_up']);
  });

  it("names as in progress exactly the statuses isActive holds for, in the machine's order", () => {
    expect([...IN_PROGRESS_STATUSES]).toEqual(ORDER_STATUSES.filter(isActive));
  });
});

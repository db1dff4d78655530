import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@shared/orders/status.js';
import { kitchenActions, movedTitle } from './kitchenActions.js';

const labels = (status: Parameters<typeof kitchenActions>[0]) => kitchenActions(status).map(({ label }) => label);

describe('kitchenActions', () => {
  it('offers the SPEC section 4 moves: confirm or cancel a pending order, prepare or cancel a confirmed one, mark a preparing one ready', () => {
    expect(labels('pending')).toEqual(['Confirm Order', 'Cancel']);
    expect(labels('confirmed')).toEqual(['Start Preparing', 'Cancel']);
    expect(labels('preparing')).toEqual(['Mark Ready']);
  });

  it('offers nothing once the food is ready, with a driver, delivered or cancelled', () => {
    for (const status of ['ready', 'accepted', 'picked_up', 'delivered', 'cancelled'] as const)
      expect(labels(status)).toEqual([]);
  });

  it('asks again only before cancelling', () => {
    const asked = ORDER_STATUSES.flatMap(kitchenActions).filter((action) => action.needsConfirmation);
    expect(new Set(asked.map(({ to }) => to))).toEqual(new Set(['cancelled']));
  });

  it("answers 'Mark Ready' with 'Order Marked Ready' and every other move with 'Order Updated'", () => {
    expect(movedTitle('ready')).toBe('Order Marked Ready');
    expect(movedTitle('confirmed')).toBe('Order Updated');
    expect(movedTitle('cancelled')).toBe('Order Updated');
  });
});

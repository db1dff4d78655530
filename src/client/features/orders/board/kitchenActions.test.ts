import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@shared/orders/status.js';
import type { OrderMoved } from '@shared/orders/views.js';
import { kitchenActions, movedToast } from './kitchenActions.js';

const labels = (status: Parameters<typeof kitchenActions>[0]) => kitchenActions(status).map(({ label }) => label);

describe('kitchenActions', () => {
  it('offers the kitchen moves: confirm or cancel a pending order, prepare or cancel a confirmed one, mark a preparing one ready', () => {
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

  const moved = (status: OrderMoved['status'], statusLabel: string, dispatch?: OrderMoved['dispatch']): OrderMoved => ({
    id: '11111111-1111-4111-8111-111111111111',
    shortId: '11111111',
    status,
    statusLabel,
    driverId: null,
    dispatch,
  });

  it("answers 'Mark Ready' with 'Offered to a Driver', who and for how long, when dispatch found a driver", () => {
    expect(movedToast(moved('ready', 'Ready', { offered: true, driverName: 'Kofi', seconds: 45 }))).toEqual({
      tone: 'success',
      title: 'Offered to a Driver',
      description: 'Kofi has 45 s to accept it; if they do not, the next nearest driver is asked',
    });
  });

  it("answers 'Mark Ready' with a warning 'No Driver Available' when the order is left for any driver", () => {
    expect(movedToast(moved('ready', 'Ready', { offered: false }))).toEqual({
      tone: 'warning',
      title: 'No Driver Available',
      description: 'The operations team has been alerted.',
    });
  });

  it("answers the other moves with 'Order Updated' (or 'Order Marked Ready' from a server that did not dispatch) and the new status", () => {
    expect(movedToast(moved('ready', 'Ready')).title).toBe('Order Marked Ready');
    expect(movedToast(moved('preparing', 'Preparing'))).toEqual({
      tone: 'success',
      title: 'Order Updated',
      description: 'Order 11111111 is now Preparing.',
    });
    expect(movedToast(moved('cancelled', 'Cancelled')).title).toBe('Order Updated');
  });
});

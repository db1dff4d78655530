import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { KitchenOrderView } from '@shared/orders/views.js';
import type { OrderStatus } from '@shared/orders/status.js';
import { applyKitchenEvent, withOrderStatus } from './boardCache.js';
import { kitchenOrdersQuery } from './kitchenApi.js';

const RESTAURANT = '7d1f3f1e-8a4b-4c57-9f55-3c1d2a9b0e11';
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

const order = (id: string, status: OrderStatus) => ({ id, status, statusLabel: status }) as KitchenOrderView;
const board = (...pages: KitchenOrderView[][]) => ({
  pages: pages.map((items, index) => ({ items, nextCursor: index < pages.length - 1 ? `c${index}` : null })),
  pageParams: pages.map((_, index) => (index === 0 ? null : `c${index - 1}`)),
});
const shown = (data: ReturnType<typeof board> | undefined) =>
  data?.pages.map((page) => page.items.map((o) => `${o.id}:${o.status}`));

describe('withOrderStatus', () => {
  it('relabels a card that stays in its tab, on whichever page it is', () => {
    const next = withOrderStatus(board([order(A, 'pending')], [order(B, 'confirmed')]), 'active', B, 'preparing');
    expect(shown(next)).toEqual([[`${A}:pending`], [`${B}:preparing`]]);
    expect(next?.pages[1]?.items[0]?.statusLabel).toBe('Preparing');
    expect(next?.pageParams).toEqual([null, 'c0']);
  });

  it('takes a delivered or cancelled order off Active Orders', () => {
    expect(shown(withOrderStatus(board([order(A, 'pending'), order(B, 'ready')]), 'active', A, 'cancelled'))).toEqual([
      [`${B}:ready`],
    ]);
    expect(shown(withOrderStatus(board([order(B, 'picked_up')]), 'active', B, 'delivered'))).toEqual([[]]);
  });

  it('leaves other orders and unloaded tabs alone', () => {
    expect(shown(withOrderStatus(board([order(A, 'pending')]), 'active', B, 'cancelled'))).toEqual([[`${A}:pending`]]);
    expect(withOrderStatus(undefined, 'completed', A, 'cancelled')).toBeUndefined();
  });
});

describe('applyKitchenEvent', () => {
  function loadedBoard() {
    const queryClient = new QueryClient();
    const active = kitchenOrdersQuery(RESTAURANT, 'active').queryKey;
    const completed = kitchenOrdersQuery(RESTAURANT, 'completed').queryKey;
    queryClient.setQueryData(active, board([order(A, 'pending'), order(B, 'confirmed')]));
    queryClient.setQueryData(completed, board([]));
    const stale = (key: typeof active) => queryClient.getQueryState(key)?.isInvalidated;
    return { queryClient, active, completed, stale };
  }

  const event = (type: 'order.created' | 'order.status', orderId: string, status: OrderStatus) => ({
    topic: `restaurant:${RESTAURANT}`,
    type,
    orderId,
    status,
  });

  it('refetches Active Orders when a new order comes in', () => {
    const { queryClient, active, completed, stale } = loadedBoard();
    applyKitchenEvent(queryClient, RESTAURANT, event('order.created', B, 'pending'));
    expect(stale(active)).toBe(true);
    expect(stale(completed)).toBe(false);
  });

  it('moves a card cancelled elsewhere off Active Orders at once, and refetches both tabs', () => {
    const { queryClient, active, completed, stale } = loadedBoard();
    applyKitchenEvent(queryClient, RESTAURANT, event('order.status', A, 'cancelled'));
    expect(shown(queryClient.getQueryData(active))).toEqual([[`${B}:confirmed`]]);
    expect(stale(active)).toBe(true);
    expect(stale(completed)).toBe(true);
  });

  it('shows a move made in another tab on the card', () => {
    const { queryClient, active } = loadedBoard();
    applyKitchenEvent(queryClient, RESTAURANT, event('order.status', B, 'preparing'));
    expect(shown(queryClient.getQueryData(active))).toEqual([[`${A}:pending`, `${B}:preparing`]]);
  });

  it("ignores events that are not about this restaurant's orders", () => {
    const { queryClient, active, stale } = loadedBoard();
    applyKitchenEvent(queryClient, RESTAURANT, { topic: `restaurant:${RESTAURANT}`, type: 'driver.updated', driverId: A });
    expect(stale(active)).toBe(false);
  });
});

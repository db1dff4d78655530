import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { OrderDriver } from '@shared/drivers/schemas.js';
import type { OrderView } from '@shared/orders/schemas.js';
import { applyDriverPosition } from './driverPosition.js';
import { myOrdersQuery } from './ordersApi.js';

const ON_THE_WAY = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const WAITING = '33333333-3333-4333-8333-333333333333';

const kofi: OrderDriver = {
  firstName: 'Kofi',
  vehicleType: 'bike',
  vehicleModel: 'Honda CG 125',
  plateNumber: 'GR 2451-21',
  latitude: 5.5583,
  longitude: -0.1831,
  lastLocationUpdate: '2026-03-02T12:00:00.000Z',
};
const order = (id: string, driver: OrderDriver | null) => ({ id, status: driver ? 'picked_up' : 'ready', driver }) as OrderView;

function myOrders() {
  const queryClient = new QueryClient();
  const key = myOrdersQuery('active').queryKey;
  queryClient.setQueryData(key, {
    pages: [
      { items: [order(WAITING, null), order(OTHER, { ...kofi, firstName: 'Ama' })], nextCursor: 'c1' },
      { items: [order(ON_THE_WAY, kofi)], nextCursor: null },
    ],
    pageParams: [null, 'c1'],
  });
  const driverOf = (id: string) =>
    queryClient
      .getQueryData(key)
      ?.pages.flatMap((page) => page.items)
      .find((o) => o.id === id)?.driver;
  return { queryClient, key, driverOf };
}

describe('applyDriverPosition', () => {
  it("moves that order's driver in the cached list at once, stamped when it arrived, without refetching it", () => {
    const { queryClient, key, driverOf } = myOrders();
    const seenAt = new Date('2026-03-02T12:00:07.000Z');

    applyDriverPosition(queryClient, ON_THE_WAY, { latitude: 5.5571, longitude: -0.1802 }, seenAt);

    expect(driverOf(ON_THE_WAY)).toEqual({
      ...kofi,
      latitude: 5.5571,
      longitude: -0.1802,
      lastLocationUpdate: seenAt.toISOString(),
    });
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryData(key)?.pageParams).toEqual([null, 'c1']);
  });

  it("leaves the other orders' drivers where they were", () => {
    const { queryClient, driverOf } = myOrders();
    applyDriverPosition(queryClient, ON_THE_WAY, { latitude: 5.5571, longitude: -0.1802 });
    expect(driverOf(OTHER)).toEqual({ ...kofi, firstName: 'Ama' });
  });

  it('keeps an order whose driver is not loaded yet, and a list that was never loaded, as they are', () => {
    const { queryClient, key, driverOf } = myOrders();
    const before = queryClient.getQueryData(key);
    applyDriverPosition(queryClient, WAITING, { latitude: 5.5571, longitude: -0.1802 });
    expect(driverOf(WAITING)).toBeNull();
    expect(queryClient.getQueryData(key)).toBe(before);

    const empty = new QueryClient();
    applyDriverPosition(empty, ON_THE_WAY, { latitude: 5.5571, longitude: -0.1802 });
    expect(empty.getQueryData(key)).toBeUndefined();
  });

  it('does not let a refetch that read the list before the positions put an old one back, nor restart it for each', async () => {
    const { queryClient, key, driverOf } = myOrders();
    const moved = { latitude: 5.5571, longitude: -0.1802 };
    const listWith = (driver: OrderDriver) => ({ items: [order(ON_THE_WAY, driver)], nextCursor: null });
    let answerFirst!: (page: ReturnType<typeof listWith>) => void;
    const queryFn = vi
      .fn()
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)))
      .mockImplementation(() => Promise.resolve(listWith({ ...kofi, ...moved })));
    // My Orders on screen: the list is observed, as the page does.
    const observer = new InfiniteQueryObserver(queryClient, {
      ...myOrdersQuery('active'),
      queryFn,
      staleTime: Infinity,
      getNextPageParam: () => null,
    });
    const stop = observer.subscribe(() => undefined);
    try {
      void queryClient.invalidateQueries({ queryKey: key });
      await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));

      applyDriverPosition(queryClient, ON_THE_WAY, { latitude: 5.5575, longitude: -0.181 });
      applyDriverPosition(queryClient, ON_THE_WAY, moved);
      answerFirst(listWith(kofi));

      await vi.waitFor(() => expect(queryClient.isFetching({ queryKey: key })).toBe(0));
      expect(driverOf(ON_THE_WAY)).toMatchObject(moved);
      // Not started again for each position: on a slow network it would never arrive.
      expect(queryFn).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });
});

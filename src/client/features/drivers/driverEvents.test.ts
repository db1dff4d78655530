import { describe, expect, it } from 'vitest';
import type { AvailableOrderView } from '@shared/orders/views.js';
import type { OrderStatus } from '@shared/orders/status.js';
import type { Page } from '@shared/paging.js';
import { topics, type RealtimeEvent } from '@shared/realtime/events.js';
import { isAssignedToMe, isNewReadyOrder, isOfferedToMe, isTakenFromMe, withoutTakenOrder } from './driverEvents.js';

const ME = '0b5c2a7e-0f0e-4a43-9d3c-000000000001';
const OTHER = '0b5c2a7e-0f0e-4a43-9d3c-000000000002';
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

const moved = (orderId: string, status: OrderStatus, driverId: string | null, topic = topics.ordersReady()): RealtimeEvent => ({
  topic,
  type: 'order.status',
  orderId,
  status,
  driverId,
});

describe('isNewReadyOrder', () => {
  it('is an order marked ready without a driver', () => {
    expect(isNewReadyOrder(moved(A, 'ready', null))).toBe(true);
  });

  it('is not an order that dispatch gave a driver, nor one that was taken', () => {
    expect(isNewReadyOrder(moved(A, 'ready', OTHER))).toBe(false);
    expect(isNewReadyOrder(moved(A, 'accepted', OTHER))).toBe(false);
    expect(isNewReadyOrder({ topic: topics.ordersReady(), type: 'order.created', orderId: A, status: 'ready' })).toBe(false);
  });
});

describe('isTakenFromMe', () => {
  const onMyTopic = (orderId: string, status: OrderStatus, driverId: string | null) =>
    moved(orderId, status, driverId, topics.driver(ME));

  it('is an order support took back to wait for a rider, or gave another rider', () => {
    expect(isTakenFromMe(onMyTopic(A, 'ready', null), ME)).toBe(true);
    expect(isTakenFromMe(onMyTopic(A, 'picked_up', OTHER), ME)).toBe(true);
  });

  it('is not a move of an order I still have, nor news of my row', () => {
    expect(isTakenFromMe(onMyTopic(A, 'picked_up', ME), ME)).toBe(false);
    expect(isTakenFromMe(onMyTopic(A, 'delivered', ME), ME)).toBe(false);
    expect(isTakenFromMe({ topic: topics.driver(ME), type: 'driver.updated', driverId: ME }, ME)).toBe(false);
  });
});

describe('isAssignedToMe', () => {
  const onMyTopic = (orderId: string, status: OrderStatus, driverId: string | null) =>
    moved(orderId, status, driverId, topics.driver(ME));

  const given = (event: RealtimeEvent): RealtimeEvent => ({ ...event, assigned: true }) as RealtimeEvent;

  it('is an order dispatch or support gave me, whatever its status', () => {
    expect(isAssignedToMe(given(onMyTopic(A, 'accepted', ME)), ME)).toBe(true);
    expect(isAssignedToMe(given(onMyTopic(A, 'picked_up', ME)), ME)).toBe(true);
  });

  it('is not an order I took myself, here or in another tab', () => {
    expect(isAssignedToMe(onMyTopic(A, 'accepted', ME), ME)).toBe(false);
  });

  it('is not another move of my order, nor an order given to another driver', () => {
    expect(isAssignedToMe(onMyTopic(A, 'picked_up', ME), ME)).toBe(false);
    expect(isAssignedToMe(given(onMyTopic(A, 'accepted', OTHER)), ME)).toBe(false);
    expect(isAssignedToMe({ topic: topics.driver(ME), type: 'driver.updated', driverId: ME }, ME)).toBe(false);
  });
});

describe('isOfferedToMe', () => {
  it('tells an open offer to this driver from an ended one or one to another driver', () => {
    const offer = (driverId: string, open: boolean) =>
      ({ topic: topics.driver(ME), type: 'order.offer', orderId: A, driverId, open }) as const;
    expect(isOfferedToMe(offer(ME, true), ME)).toBe(true);
    expect(isOfferedToMe(offer(ME, false), ME)).toBe(false);
    expect(isOfferedToMe(offer(OTHER, true), ME)).toBe(false);
  });
});

describe('withoutTakenOrder', () => {
  const page: Page<AvailableOrderView> = { items: [{ id: A }, { id: B }] as AvailableOrderView[], nextCursor: null };
  const ids = (result: Page<AvailableOrderView> | undefined) => result?.items.map((order) => order.id);

  it('drops at once an order another driver accepted or dispatch assigned', () => {
    expect(ids(withoutTakenOrder(page, moved(A, 'accepted', OTHER), ME))).toEqual([B]);
    expect(ids(withoutTakenOrder(page, moved(B, 'ready', OTHER), ME))).toEqual([A]);
  });

  it('drops at once an order offered to another driver, and keeps one offered to this driver or whose offer ended', () => {
    const offer = (orderId: string, driverId: string, open: boolean) =>
      ({ topic: topics.ordersReady(), type: 'order.offer', orderId, driverId, open }) as const;
    expect(ids(withoutTakenOrder(page, offer(A, OTHER, true), ME))).toEqual([B]);
    expect(withoutTakenOrder(page, offer(A, ME, true), ME)).toBe(page);
    expect(withoutTakenOrder(page, offer(A, OTHER, false), ME)).toBe(page);
  });

  it('keeps the list as it is for an order that is (again) waiting for a driver', () => {
    expect(withoutTakenOrder(page, moved(A, 'ready', null), ME)).toBe(page);
  });

  it('leaves a list not loaded yet alone', () => {
    expect(withoutTakenOrder(undefined, moved(A, 'accepted', OTHER), ME)).toBeUndefined();
  });
});

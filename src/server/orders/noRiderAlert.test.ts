import { describe, expect, it } from 'vitest';
import { realtimeEventSchema, topics, type RealtimeEvent } from '@shared/realtime/events.js';
import { alertNoRider } from './noRiderAlert.js';

describe('the alert that a ready order found no rider', () => {
  it('raises dispatch.no_rider with the order on orders:all, which only admins follow', () => {
    const raised: RealtimeEvent[] = [];
    const orderId = '6f1c1f5e-8d53-4a52-9d2e-3f0e1b2c3d4e';
    alertNoRider((event) => raised.push(event), orderId);
    expect(raised).toEqual([{ topic: topics.allOrders(), type: 'dispatch.no_rider', orderId }]);
    expect(realtimeEventSchema.parse(raised[0])).toEqual(raised[0]);
  });
});

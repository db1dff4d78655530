import { topics, type RealtimeEvent } from '@shared/realtime/events.js';

/**
 * Alerts the operations team that a ready order found no rider (decision 031): `dispatch.no_rider`
 * on orders:all, which the admins' operations view shows as a toast and a 'No rider' badge on the
 * order. Given the `raise` of the transaction that found nobody (transactionWithEvents), so the
 * alert goes out only if that transaction commits. The kitchen is told the same in the answer to
 * its 'Mark Ready' (DISPATCH_MESSAGES.noDriverDescription).
 */
export function alertNoRider(raise: (event: RealtimeEvent) => void, orderId: string): void {
  raise({ topic: topics.allOrders(), type: 'dispatch.no_rider', orderId });
}

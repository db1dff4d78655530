import type { CurrencySymbol } from '@shared/restaurants/currency.js';
import { writeHandIn } from '../../ledger/cashHandIns.js';
import { postOrderDelivered } from '../../ledger/orderPostings.js';
import { readRiderCashIn } from '../../ledger/riderCash.js';
import type { Tx } from '../client.js';
import type { orders } from '../schema.js';

const MINUTE = 60_000;
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

interface DemoLedger {
  riderId: string;
  adminId: string;
  currencySymbol: CurrencySymbol;
  now: Date;
}

/**
 * The demo's history on the ledger (decision 022) as if the platform had run through those days:
 * each past delivery posted when it was delivered, so the restaurants' statements and the rider's
 * earnings show the days Sales shows, and the cash the rider took each day before today handed in
 * that night (Accra keeps UTC), recorded by the demo admin. Today's cash the rider still holds.
 */
export async function writeDemoLedger(
  tx: Tx,
  pastOrders: readonly (typeof orders.$inferInsert)[],
  { riderId, adminId, currencySymbol, now }: DemoLedger,
): Promise<void> {
  const deliveries = pastOrders
    .filter((order) => order.status === 'delivered' && order.id && order.updatedAt)
    .map((order) => ({ id: order.id!, at: order.updatedAt! }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const today = isoDay(now);

  async function handInDay(day: string, lastDelivery: Date) {
    const amount = await readRiderCashIn(tx, riderId, currencySymbol);
    if (day === today || amount === 0) return;
    const night = new Date(Math.max(Date.parse(`${day}T23:30:00Z`), lastDelivery.getTime() + MINUTE));
    const request = { amount, currencySymbol, reference: `DEMO-${day}`, receivedBy: 'Osu office' };
    await writeHandIn(tx, riderId, request, adminId, night);
  }

  for (const [index, delivery] of deliveries.entries()) {
    await postOrderDelivered(tx, delivery.id, delivery.at);
    const next = deliveries[index + 1];
    if (!next || isoDay(next.at) !== isoDay(delivery.at)) await handInDay(isoDay(delivery.at), delivery.at);
  }
}

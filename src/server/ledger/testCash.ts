import { eq } from 'drizzle-orm';
import { deliveryPricing, payments } from '../db/schema.js';
import { placeOrder, riderDelivers } from '../orders/testOrders.js';
import type { TestUser } from '../test/accounts.js';
import type { TestContext } from '../test/app.js';
import { waitForJobs } from '../test/jobs.js';

/**
 * Test helpers for cash on delivery (issue 22 item 4), for any domain's tests: a cash limit set as
 * admin Settings store it, riders given cash the way they get it (delivering cash orders through
 * the API), and orders turned into card-paid ones.
 */

/** Prices GH₵ deliveries free at any distance up to 200 km, with this cash limit (null: none). */
export async function setCashLimit(t: TestContext, cashLimit: number | null, currencySymbol = 'GH₵') {
  await t.app.db
    .insert(deliveryPricing)
    .values({ currencySymbol, baseFee: 0, perKmFee: 0, includedMeters: 0, maxMeters: 200_000, cashLimit })
    .onConflictDoUpdate({ target: deliveryPricing.currencySymbol, set: { cashLimit } });
}

/**
 * The rider delivers a cash order of `quantity` dishes of the kitchen's (each 2,500 in the test
 * fixtures) through the API, with the customer's code: order_delivered debits their rider_cash with
 * the whole charge. The order's id.
 */
export async function deliverCashOrder(
  t: TestContext,
  kitchen: { restaurant: { id: string }; dish: { id: string } },
  customer: TestUser,
  rider: TestUser,
  quantity = 1,
): Promise<string> {
  const order = await placeOrder(t, customer, kitchen, quantity);
  await riderDelivers(t, rider, order);
  // The delivery's end offers the rider a waiting order through a job: done before the test goes on.
  await waitForJobs(t.app.db, 'offer-rider', (jobs) => jobs.every((job) => job.state === 'completed'));
  return order.id;
}

/** Makes a cash order one paid by card, as a verified Paystack payment leaves it. */
export async function paidByCard(t: TestContext, orderId: string) {
  await t.app.db
    .update(payments)
    .set({ paymentMethod: 'paystack-card', paymentStatus: 'completed', transactionReference: `test-${orderId}` })
    .where(eq(payments.orderId, orderId));
}

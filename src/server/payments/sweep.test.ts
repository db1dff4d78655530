import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES, type CardIntentView } from '@shared/payments/schemas.js';
import { rowsOf } from '../db/rows.js';
import { checkoutIntents, orders, payments } from '../db/schema.js';
import { openRestaurant } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useAnotherApp, useTestApp } from '../test/app.js';
import { waitForJobs } from '../test/jobs.js';
import { everyMinutesOf } from '../plugins/jobs.js';
import { paystackTestConfig, usePaystackStandIn } from '../test/paystack.js';
import { paymentContext } from './context.js';
import { sweepCardIntents } from './service.js';
import { cardScene } from './testCard.js';
import { insertPendingIntent } from './testIntents.js';

describe('the payment sweep: nothing lost, abandoned intents expire', () => {
  const paystack = usePaystackStandIn();
  const t = useTestApp(() => paystackTestConfig(paystack));
  const sweep = () => sweepCardIntents(paymentContext(t.app));

  const scene = cardScene(t);

  async function startIntent() {
    const { restaurant, dish } = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const res = await scene.startIntent(customer, scene.cart(restaurant.id, [{ menuItemId: dish.id, quantity: 2 }]));
    expect(res.statusCode, res.body).toBe(201);
    return { customer, restaurant, dish, intent: res.json<CardIntentView>() };
  }

  /** Moves an intent back in time: created `minutes` ago, and expired if `expired`. */
  const age = (reference: string, minutes: number, expired = false) =>
    t.app.db
      .update(checkoutIntents)
      .set({
        createdAt: sql`now() - make_interval(mins => ${minutes})`,
        ...(expired ? { expiresAt: sql`now() - interval '1 second'` } : {}),
      })
      .where(eq(checkoutIntents.reference, reference));

  const statusOf = async (reference: string) =>
    (
      await t.app.db
        .select({ status: checkoutIntents.status })
        .from(checkoutIntents)
        .where(eq(checkoutIntents.reference, reference))
    )[0]?.status;
  const orderCount = async () => (await t.app.db.select({ n: count() }).from(orders))[0]?.n ?? 0;
  const verify = (customer: TestUser, reference: string) =>
    t.app.inject({ method: 'POST', url: `/api/payments/card/intents/${reference}/verify`, headers: customer.authHeader });

  it('completes a paid intent whose browser closed and whose webhook never came, once', async () => {
    const { intent, customer } = await startIntent();
    paystack.pay(intent.reference);
    await age(intent.reference, 3);
    expect(await sweep()).toEqual({ completed: 1, expired: 0, stillPending: 0, unavailable: 0 });
    expect(await statusOf(intent.reference)).toBe('completed');
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.transactionReference, intent.reference));
    expect(payment).toMatchObject({ paymentMethod: 'paystack-card', paymentStatus: 'completed', amount: intent.amount });

    expect(await sweep()).toEqual({ completed: 0, expired: 0, stillPending: 0, unavailable: 0 });
    const late = await verify(customer, intent.reference);
    expect(late.statusCode).toBe(200);
    expect(await orderCount()).toBe(1);
  });

  it('leaves intents younger than two minutes to the browser and the webhook', async () => {
    const { intent } = await startIntent();
    paystack.pay(intent.reference);
    await age(intent.reference, 1);
    expect(await sweep()).toEqual({ completed: 0, expired: 0, stillPending: 0, unavailable: 0 });
    expect(paystack.calls.verify).toBe(0);
    expect(await statusOf(intent.reference)).toBe('pending');
  });

  it('asks about an unpaid intent at most every two minutes, and expires it after its 30 minutes', async () => {
    const { intent, customer } = await startIntent();
    await age(intent.reference, 5);
    expect(await sweep()).toEqual({ completed: 0, expired: 0, stillPending: 1, unavailable: 0 });
    expect(await sweep()).toEqual({ completed: 0, expired: 0, stillPending: 0, unavailable: 0 });
    expect(paystack.calls.verify).toBe(1);

    await age(intent.reference, 31, true);
    expect(await sweep()).toEqual({ completed: 0, expired: 1, stillPending: 0, unavailable: 0 });
    expect(await statusOf(intent.reference)).toBe('expired');
    expect(await orderCount()).toBe(0);

    const res = await verify(customer, intent.reference);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(PAYMENT_MESSAGES.verificationFailed(PAYMENT_MESSAGES.expired));
  });

  it('completes rather than expires an intent paid just before its expiry', async () => {
    const { intent } = await startIntent();
    paystack.pay(intent.reference);
    await age(intent.reference, 31, true);
    expect(await sweep()).toMatchObject({ completed: 1, expired: 0 });
    expect(await orderCount()).toBe(1);
  });

  it('expires nothing while Paystack does not answer', async () => {
    const { restaurant, dish } = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    // An intent the stand-in never initialized: its verify answers 400, as for a reference Paystack does not know.
    const reference = await insertPendingIntent(t.app.db, {
      customerId: customer.userId,
      restaurantId: restaurant.id,
      menuItemId: dish.id,
    });
    await age(reference, 40, true);
    expect(await sweep()).toEqual({ completed: 0, expired: 0, stillPending: 0, unavailable: 1 });
    expect(await statusOf(reference)).toBe('pending');
  });
});

describe('the payment sweep runs by itself every PAYMENT_SWEEP_SECONDS, once across every instance', () => {
  const paystack = usePaystackStandIn();
  const t = useTestApp(() => ({ ...paystackTestConfig(paystack), PAYMENT_SWEEP_SECONDS: '120' }));
  useAnotherApp(t, () => ({ ...paystackTestConfig(paystack), PAYMENT_SWEEP_SECONDS: '120' }));

  it('is one schedule of the job queue however many instances start, in whole minutes', async () => {
    // The payout check (payouts/transfers.ts) rides the same schedule.
    expect(rowsOf(await t.app.db.execute(sql`select name, key, cron from pgboss.schedule order by name`))).toEqual([
      { name: 'payment-sweep', key: 'payment-sweep', cron: everyMinutesOf(120) },
      { name: 'payout-sweep', key: 'payout-sweep', cron: everyMinutesOf(120) },
    ]);
    expect(everyMinutesOf(120)).toBe('0 */2 * * * *');
    expect(everyMinutesOf(30)).toBe('0 */1 * * * *');
  });

  it('turns a paid, forgotten intent into its order when its job runs, without anyone asking', async () => {
    const { restaurant, dish } = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const { startIntent, cart } = cardScene(t);
    const res = await startIntent(customer, cart(restaurant.id, [{ menuItemId: dish.id, quantity: 1 }]));
    const { reference } = res.json<CardIntentView>();
    paystack.pay(reference);
    await t.app.db
      .update(checkoutIntents)
      .set({ createdAt: sql`now() - interval '3 minutes'` })
      .where(eq(checkoutIntents.reference, reference));
    // What pg-boss's clock sends on each occurrence of the schedule.
    await t.app.jobs.send(t.app.db, 'payment-sweep', {});
    await waitForJobs(t.app.db, 'payment-sweep', ([job]) => job?.state === 'completed');
    expect((await t.app.db.select({ n: count() }).from(orders))[0]?.n).toBe(1);
  });
});

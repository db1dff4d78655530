import { and, count, eq, inArray, isNull, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balanceOf } from '../../ledger/balances.js';
import { postOrderPaid } from '../../ledger/orderPostings.js';
import { expectLedgerBalanced } from '../../ledger/testLedger.js';
import { paidByCard } from '../../ledger/testCash.js';
import { openRestaurant, placeOrder, riderDelivers } from '../../orders/testOrders.js';
import { createUser } from '../../test/accounts.js';
import { useTestApp, type TestContext } from '../../test/app.js';
import { ledgerEntries, orders, payoutAccounts, payouts, restaurants, users } from '../schema.js';
import { seedDemo } from '../seed.js';
import { countDemoAccounts, DEMO_EMAIL_DOMAIN, removeDemo } from './demoAccounts.js';

const DEMO_ACCOUNTS = 9;
const DEMO_RESTAURANTS = 5;

/** A demo order nobody is delivering yet. */
async function waitingDemoOrder(t: TestContext) {
  const [order] = await t.app.db
    .select()
    .from(orders)
    .where(and(inArray(orders.status, ['confirmed', 'preparing', 'ready']), isNull(orders.driverId)))
    .limit(1);
  if (!order) throw new Error('the demo has no waiting order');
  return order;
}

/** A real rider (not a demo account) delivers a demo order with its code: the ledger owes them their part of the fee. */
async function realRiderDeliversDemoOrder(t: TestContext) {
  const rider = await createUser(t, { role: 'driver', verifiedDriver: true });
  await riderDelivers(t, rider, await waitingDemoOrder(t));
  return rider;
}

/** A payout made to a demo restaurant (its account and transfer as the payout routes store them). */
async function payoutToDemoRestaurant(t: TestContext) {
  const [restaurant] = await t.app.db.select({ id: restaurants.id }).from(restaurants).limit(1);
  const [account] = await t.app.db
    .insert(payoutAccounts)
    .values({
      payee: 'restaurant',
      payeeId: restaurant!.id,
      recipientType: 'mobile_money',
      bankCode: 'MTN',
      bankName: 'MTN Mobile Money',
      accountNumber: '0241234567',
      accountName: 'Osu Jollof House',
      currency: 'GHS',
      recipientCode: 'RCP_demo',
    })
    .returning({ id: payoutAccounts.id });
  await t.app.db.insert(payouts).values({
    reference: 'payout-demo-1',
    payee: 'restaurant',
    payeeId: restaurant!.id,
    payoutAccountId: account!.id,
    currencySymbol: 'GH₵',
    amount: 5000,
    status: 'success',
  });
}

/** Signs in as the demo account `who` with the demo password, as a visitor would. */
const signInDemo = (t: TestContext, who: 'customer' | 'driver') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email: `${who}${DEMO_EMAIL_DOMAIN}`, password: 'password123' },
  });

/** The demo rider delivers a real customer's order from a real restaurant: the ledger owes the demo rider their part. */
async function demoRiderDeliversRealOrder(t: TestContext) {
  const kitchen = await openRestaurant(t);
  const order = await placeOrder(t, await createUser(t, { role: 'customer' }), kitchen);
  const signedIn = await signInDemo(t, 'driver');
  const { accessToken, user } = signedIn.json<{ accessToken: string; user: { id: string } }>();
  await riderDelivers(t, { userId: user.id, authHeader: { authorization: `Bearer ${accessToken}` } }, order);
}

/** A demo order paid by card: Paystack holds its money. */
async function demoOrderPaidByCard(t: TestContext) {
  const order = await waitingDemoOrder(t);
  await paidByCard(t, order.id);
  await t.app.db.transaction((tx) => postOrderPaid(tx, order.id));
}

const rowCount = async (t: TestContext, table: typeof users | typeof restaurants | typeof orders) =>
  (await t.app.db.select({ n: count() }).from(table))[0]!.n;

describe('npm run remove-demo when real money moved through the demo', () => {
  const t = useTestApp();

  it("keeps a demo order a real rider delivered, and their earning with it: the demo's accounts are disabled and its restaurants closed instead", async () => {
    await seedDemo(t.app);
    const rider = await realRiderDeliversDemoOrder(t);
    const earned = await balanceOf(t.app.db, 'rider', rider.userId, 'GH₵');
    expect(earned).toBeLessThan(0);
    const before = { users: await rowCount(t, users), orders: await rowCount(t, orders) };
    const { accessToken } = (await signInDemo(t, 'customer')).json<{ accessToken: string }>();

    expect(await removeDemo(t.app.db)).toEqual({
      outcome: 'retired',
      accounts: DEMO_ACCOUNTS,
      restaurants: DEMO_RESTAURANTS,
      ordersWithRealMoney: 1,
      payoutsToDemo: 0,
    });

    expect(await balanceOf(t.app.db, 'rider', rider.userId, 'GH₵')).toBe(earned);
    await expectLedgerBalanced(t.app.db);
    expect({ users: await rowCount(t, users), orders: await rowCount(t, orders) }).toEqual(before);
    // No demo account can sign in or use a token it had, and a production start no longer finds any that could.
    expect((await signInDemo(t, 'customer')).statusCode).toBe(403);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.statusCode).toBe(401);
    expect(await countDemoAccounts(t.app.db)).toBe(0);
    const listed = await t.app.inject({ method: 'GET', url: '/api/restaurants' });
    expect(listed.json()).toEqual([]);
  }, 60_000);

  it.each([
    ['a payout to a demo restaurant', payoutToDemoRestaurant, { ordersWithRealMoney: 0, payoutsToDemo: 1 }],
    ['a demo order paid by card', demoOrderPaidByCard, { ordersWithRealMoney: 1, payoutsToDemo: 0 }],
    ["the demo rider's delivery of a real order", demoRiderDeliversRealOrder, { ordersWithRealMoney: 1, payoutsToDemo: 0 }],
  ])(
    'keeps the demo, disabled and closed, after %s',
    async (_what, moveMoney, found) => {
      await seedDemo(t.app);
      await moveMoney(t);
      const entries = (await t.app.db.select({ n: count() }).from(ledgerEntries))[0]!.n;

      expect(await removeDemo(t.app.db)).toEqual({
        outcome: 'retired',
        accounts: DEMO_ACCOUNTS,
        restaurants: DEMO_RESTAURANTS,
        ...found,
      });
      expect((await t.app.db.select({ n: count() }).from(ledgerEntries))[0]!.n).toBe(entries);
      const demoUsers = t.app.db
        .select({ id: users.id })
        .from(users)
        .where(like(users.email, `%${DEMO_EMAIL_DOMAIN}`));
      const demoStillOpen = await t.app.db
        .select()
        .from(restaurants)
        .where(and(eq(restaurants.isActive, true), inArray(restaurants.ownerId, demoUsers)));
      expect(demoStillOpen).toEqual([]);
      expect(await countDemoAccounts(t.app.db)).toBe(0);
    },
    60_000,
  );

  it("deletes the demo when a real customer's cash order at a demo restaurant was never delivered", async () => {
    await seedDemo(t.app);
    const customer = await createUser(t, { role: 'customer' });
    await t.app.db
      .update(orders)
      .set({ customerId: customer.userId })
      .where(eq(orders.id, (await waitingDemoOrder(t)).id));

    expect(await removeDemo(t.app.db)).toMatchObject({ outcome: 'deleted', accounts: DEMO_ACCOUNTS });
    expect(await rowCount(t, orders)).toBe(0);
    expect(await rowCount(t, users)).toBe(1);
  }, 60_000);
});

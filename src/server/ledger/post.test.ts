import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerTransactions } from '../db/schema.js';
import { openRestaurant, placeOrder } from '../orders/testOrders.js';
import { createUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { balanceOf } from './balances.js';
import { postTransaction, UnbalancedPostingError, type Posting } from './post.js';
import { expectLedgerBalanced, orderPostings } from './testLedger.js';

/** The error a refused statement ends in: drizzle wraps the driver's. */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (err) {
    const { message, cause } = err as Error & { cause?: Error };
    return cause?.message ?? message;
  }
  throw new Error('the statement was not refused');
}

describe('postTransaction: one balanced ledger transaction, in the caller’s transaction', () => {
  const t = useTestApp();

  const post = (posting: Posting) => t.app.db.transaction((tx) => postTransaction(tx, posting));
  const countRows = async () => ({
    transactions: (await t.app.db.select({ id: ledgerTransactions.id }).from(ledgerTransactions)).length,
    entries: (await t.app.db.select({ id: ledgerEntries.id }).from(ledgerEntries)).length,
  });

  async function anOrder() {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    return { ...kitchen, order: await placeOrder(t, customer, kitchen) };
  }

  it('refuses lines that do not sum to zero, or amounts that are not whole, writing nothing', async () => {
    await expect(
      post({
        kind: 'cash_handed_in',
        currencySymbol: 'GH₵',
        lines: [
          { account: 'cash_received', ownerId: null, amount: 1000 },
          { account: 'rider_cash', ownerId: null, amount: -999 },
        ],
      }),
    ).rejects.toThrow(UnbalancedPostingError);
    await expect(
      post({
        kind: 'cash_handed_in',
        currencySymbol: 'GH₵',
        lines: [
          { account: 'cash_received', ownerId: null, amount: 10.5 },
          { account: 'rider_cash', ownerId: null, amount: -10.5 },
        ],
      }),
    ).rejects.toThrow(/not whole/);
    expect(await countRows()).toEqual({ transactions: 0, entries: 0 });
  });

  it('writes the transaction and its entries, leaving out lines of zero', async () => {
    const rider = await createUser(t, { role: 'driver', verifiedDriver: true });
    const id = await post({
      kind: 'cash_handed_in',
      memo: 'Hand-in at the Osu office',
      currencySymbol: 'GH₵',
      lines: [
        { account: 'cash_received', ownerId: null, amount: 12_500 },
        { account: 'rider_cash', ownerId: rider.userId, amount: -12_500 },
        { account: 'delivery_share', ownerId: null, amount: 0 },
      ],
    });
    expect(id).toEqual(expect.any(String));
    const [transaction] = await t.app.db.select().from(ledgerTransactions);
    expect(transaction).toMatchObject({ id, kind: 'cash_handed_in', orderId: null, memo: 'Hand-in at the Osu office' });
    const entries = await t.app.db
      .select({ account: ledgerEntries.account, ownerId: ledgerEntries.ownerId, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, id!));
    expect(entries.map((entry) => ({ ...entry, amount: Number(entry.amount) }))).toEqual([
      { account: 'cash_received', ownerId: null, amount: 12_500 },
      { account: 'rider_cash', ownerId: rider.userId, amount: -12_500 },
    ]);
    expect(await balanceOf(t.app.db, 'rider_cash', rider.userId, 'GH₵')).toBe(-12_500);
    expect(await balanceOf(t.app.db, 'cash_received', null, 'GH₵')).toBe(12_500);
    expect(await balanceOf(t.app.db, 'cash_received', null, '₦')).toBe(0);
    // Events without an order may happen any number of times.
    expect(
      await post({
        kind: 'cash_handed_in',
        currencySymbol: 'GH₵',
        lines: [
          { account: 'cash_received', ownerId: null, amount: 500 },
          { account: 'rider_cash', ownerId: rider.userId, amount: -500 },
        ],
      }),
    ).toEqual(expect.any(String));
    expect(await balanceOf(t.app.db, 'rider_cash', rider.userId, 'GH₵')).toBe(-13_000);
    await expectLedgerBalanced(t.app.db);
  });

  it("posts an order's event once: again, at once or later, it writes nothing and answers undefined", async () => {
    const { order, restaurant } = await anOrder();
    const paid: Posting = {
      kind: 'order_paid',
      orderId: order.id,
      currencySymbol: 'GH₵',
      lines: [
        { account: 'paystack', ownerId: null, amount: 2500 },
        { account: 'customer_funds', ownerId: null, amount: -2500 },
      ],
    };
    const answers = await Promise.all([post(paid), post(paid)]);
    expect(answers.filter((id) => id !== undefined)).toHaveLength(1);
    expect(await post(paid)).toBeUndefined();
    // Another event of the same order is its own.
    const delivered = await post({
      kind: 'order_delivered',
      orderId: order.id,
      currencySymbol: 'GH₵',
      lines: [
        { account: 'customer_funds', ownerId: null, amount: 2500 },
        { account: 'restaurant', ownerId: restaurant.id, amount: -2250 },
        { account: 'commission', ownerId: null, amount: -250 },
      ],
    });
    expect(delivered).toEqual(expect.any(String));
    expect((await orderPostings(t.app.db, order.id)).map((posting) => posting.kind)).toEqual(['order_paid', 'order_delivered']);
    expect(await countRows()).toEqual({ transactions: 2, entries: 5 });
    await expectLedgerBalanced(t.app.db);
  });

  it('rolls back with the caller’s transaction', async () => {
    await expect(
      t.app.db.transaction(async (tx) => {
        await postTransaction(tx, {
          kind: 'cash_handed_in',
          currencySymbol: 'GH₵',
          lines: [
            { account: 'cash_received', ownerId: null, amount: 100 },
            { account: 'rider_cash', ownerId: null, amount: -100 },
          ],
        });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await countRows()).toEqual({ transactions: 0, entries: 0 });
  });

  it('is append-only: the database refuses to update or delete a transaction or an entry', async () => {
    const id = await post({
      kind: 'cash_handed_in',
      currencySymbol: 'GH₵',
      lines: [
        { account: 'cash_received', ownerId: null, amount: 100 },
        { account: 'rider_cash', ownerId: null, amount: -100 },
      ],
    });
    const refused = /the ledger is append-only/;
    expect(await refusal(t.app.db.update(ledgerEntries).set({ amount: 200 }))).toMatch(refused);
    expect(await refusal(t.app.db.delete(ledgerEntries).where(eq(ledgerEntries.transactionId, id!)))).toMatch(refused);
    expect(await refusal(t.app.db.update(ledgerTransactions).set({ memo: 'changed' }))).toMatch(refused);
    expect(await refusal(t.app.db.delete(ledgerTransactions))).toMatch(refused);
    // Not even by hand in SQL, nor by a zero entry.
    expect(await refusal(t.app.db.execute(sql`update ledger_entries set amount = -amount`))).toMatch(refused);
    expect(
      await refusal(
        t.app.db.insert(ledgerEntries).values({ transactionId: id!, account: 'paystack', currencySymbol: 'GH₵', amount: 0 }),
      ),
    ).toMatch(/ledger_entries_amount_check/);
    expect(await countRows()).toEqual({ transactions: 1, entries: 2 });
  });
});

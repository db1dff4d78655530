import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CASH_MESSAGES as M, type CashHandInPage, type CashHandInView } from '@shared/drivers/cash.js';
import { cashHandIns, ledgerEntries, ledgerTransactions } from '../db/schema.js';
import { balanceOf } from '../ledger/balances.js';
import { deliverCashOrder, setCashLimit } from '../ledger/testCash.js';
import { expectLedgerBalanced } from '../ledger/testLedger.js';
import { openRestaurant } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp, type TestContext } from '../test/app.js';

const handInBody = (fields: Record<string, unknown> = {}) => ({
  amount: 2000,
  currencySymbol: 'GH₵',
  reference: 'RCPT-0042',
  receivedBy: 'Abena Mensah, Osu office',
  ...fields,
});

function client(t: TestContext) {
  return {
    record: (user: TestUser | undefined, riderId: string, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/drivers/${riderId}/cash-hand-ins`,
        headers: user?.authHeader ?? {},
        payload: payload as object,
      }),
    list: (user: TestUser | undefined, riderId: string, query = '') =>
      t.app.inject({
        method: 'GET',
        url: `/api/admin/drivers/${riderId}/cash-hand-ins${query}`,
        headers: user?.authHeader ?? {},
      }),
    mine: (user: TestUser | undefined, query = '') =>
      t.app.inject({ method: 'GET', url: `/api/drivers/me/cash-hand-ins${query}`, headers: user?.authHeader ?? {} }),
  };
}

/** A rider who delivered three Waakye in cash (GH₵75.00 held), and an admin. */
async function riderWithCash(t: TestContext) {
  const kitchen = await openRestaurant(t);
  const customer = await createUser(t, { role: 'customer' });
  const rider = await createUser(t, { role: 'driver', verifiedDriver: true, fullName: 'Kofi Cash' });
  await deliverCashOrder(t, kitchen, customer, rider, 3);
  const admin = await createUser(t, { role: 'admin', fullName: 'Abena Support' });
  return { kitchen, customer, rider, admin };
}

const handInRows = (t: TestContext, riderId: string) =>
  t.app.db.select().from(cashHandIns).where(eq(cashHandIns.riderId, riderId));

describe('POST /api/admin/drivers/:id/cash-hand-ins', () => {
  const t = useTestApp();
  const api = client(t);

  it('records the hand-in: cash_received debited, the rider’s cash credited, the reference as memo, and the row pointing at it', async () => {
    const { rider, admin } = await riderWithCash(t);
    const res = await api.record(admin, rider.userId, handInBody());
    expect(res.statusCode, res.body).toBe(201);
    const handIn = res.json<CashHandInView>();
    expect(handIn).toEqual({
      id: expect.any(String),
      riderId: rider.userId,
      currencySymbol: 'GH₵',
      amount: 2000,
      reference: 'RCPT-0042',
      receivedBy: 'Abena Mensah, Osu office',
      recordedByName: 'Abena Support',
      createdAt: expect.any(String),
    });

    const [row] = await handInRows(t, rider.userId);
    expect(row).toMatchObject({ id: handIn.id, recordedBy: admin.userId, amount: 2000 });
    const [transaction] = await t.app.db
      .select({ kind: ledgerTransactions.kind, memo: ledgerTransactions.memo, orderId: ledgerTransactions.orderId })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, row!.ledgerTransactionId));
    expect(transaction).toEqual({ kind: 'cash_handed_in', memo: 'RCPT-0042', orderId: null });
    const entries = await t.app.db
      .select({ account: ledgerEntries.account, ownerId: ledgerEntries.ownerId, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, row!.ledgerTransactionId));
    expect(entries).toEqual([
      { account: 'cash_received', ownerId: null, amount: 2000 },
      { account: 'rider_cash', ownerId: rider.userId, amount: -2000 },
    ]);
    expect(await balanceOf(t.app.db, 'rider_cash', rider.userId, 'GH₵')).toBe(5500);
    expect(await balanceOf(t.app.db, 'cash_received', null, 'GH₵')).toBe(2000);
    await expectLedgerBalanced(t.app.db);
  });

  it('refuses anonymous callers (401) and every role but admin (403), the rider included, and records nothing', async () => {
    const { rider } = await riderWithCash(t);
    expect((await api.record(undefined, rider.userId, handInBody())).statusCode).toBe(401);
    expect((await api.list(undefined, rider.userId)).statusCode).toBe(401);
    for (const role of ['customer', 'restaurant', 'manager'] as const) {
      const user = await createUser(t, { role });
      expect((await api.record(user, rider.userId, handInBody())).statusCode, role).toBe(403);
      expect((await api.list(user, rider.userId)).statusCode, role).toBe(403);
    }
    expect((await api.record(rider, rider.userId, handInBody())).statusCode).toBe(403);
    expect((await api.list(rider, rider.userId)).statusCode).toBe(403);
    expect(await handInRows(t, rider.userId)).toEqual([]);
  });

  it('refuses more than the rider holds in that currency (422), and any cash in a currency they hold none of', async () => {
    const { rider, admin } = await riderWithCash(t);
    const tooMuch = await api.record(admin, rider.userId, handInBody({ amount: 7501 }));
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.message).toBe(M.moreThanHeld(7501, 7500, 'GH₵'));
    expect(tooMuch.json().error.message).toBe('GH₵75.01 is more than the GH₵75.00 this rider holds in cash');
    const naira = await api.record(admin, rider.userId, handInBody({ currencySymbol: '₦', amount: 100 }));
    expect(naira.statusCode).toBe(422);
    expect(naira.json().error.message).toBe(M.moreThanHeld(100, 0, '₦'));

    // All of it is fine; then nothing is left.
    expect((await api.record(admin, rider.userId, handInBody({ amount: 7500 }))).statusCode).toBe(201);
    expect((await api.record(admin, rider.userId, handInBody({ amount: 1, reference: 'RCPT-0043' }))).statusCode).toBe(422);
    expect(await balanceOf(t.app.db, 'rider_cash', rider.userId, 'GH₵')).toBe(0);
    await expectLedgerBalanced(t.app.db);
  });

  it('records two identical requests sent at once once: one 201, one 200 with the same hand-in', async () => {
    const { rider, admin } = await riderWithCash(t);
    const replies = await Promise.all([
      api.record(admin, rider.userId, handInBody()),
      api.record(admin, rider.userId, handInBody()),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 201]);
    expect(replies[0].json().id).toBe(replies[1].json().id);
    expect(await handInRows(t, rider.userId)).toHaveLength(1);
    expect(await balanceOf(t.app.db, 'rider_cash', rider.userId, 'GH₵')).toBe(5500);

    // Sent again later, still once; the same reference with other details names another receipt: 409.
    expect((await api.record(admin, rider.userId, handInBody())).statusCode).toBe(200);
    const other = await api.record(admin, rider.userId, handInBody({ amount: 1000 }));
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe(M.referenceTaken('RCPT-0042'));
    // A receipt's reference typed in another letter case is the same receipt.
    expect((await api.record(admin, rider.userId, handInBody({ reference: 'rcpt-0042' }))).statusCode).toBe(200);
    const otherCase = await api.record(admin, rider.userId, handInBody({ reference: 'Rcpt-0042', amount: 1000 }));
    expect(otherCase.statusCode).toBe(409);
    expect(await handInRows(t, rider.userId)).toHaveLength(1);
    await expectLedgerBalanced(t.app.db);
  });

  it('never hands in more than the rider holds, however many different hand-ins arrive at once', async () => {
    const { rider, admin } = await riderWithCash(t);
    const replies = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        api.record(admin, rider.userId, handInBody({ amount: 2000, reference: `RCPT-${index}` })),
      ),
    );
    // 7,500 held: three of 2,000 fit, the others are refused.
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 201, 201, 422, 422]);
    expect(await handInRows(t, rider.userId)).toHaveLength(3);
    expect(await balanceOf(t.app.db, 'rider_cash', rider.userId, 'GH₵')).toBe(1500);
    await expectLedgerBalanced(t.app.db);
  });

  it('refuses bad input with 400 under the field, and an unknown driver with 404', async () => {
    const { rider, admin } = await riderWithCash(t);
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['no amount', { amount: undefined }, 'amount', M.amountNotAmount],
      ['an amount of 0', { amount: 0 }, 'amount', M.amountNotPositive],
      ['a negative amount', { amount: -100 }, 'amount', M.amountNotPositive],
      ['an amount in fractions of a minor unit', { amount: 20.5 }, 'amount', M.amountNotMinor],
      ['an amount as text', { amount: '2000' }, 'amount', M.amountNotAmount],
      ['an amount over a column', { amount: 2_147_483_648 }, 'amount', M.amountTooHigh],
      ['an unknown currency', { currencySymbol: 'XYZ' }, 'currencySymbol', M.currencyRequired],
      ['an empty reference', { reference: '   ' }, 'reference', M.referenceRequired],
      ['a reference of 101 characters', { reference: 'R'.repeat(101) }, 'reference', M.referenceTooLong],
      ['a line break in the reference', { reference: 'RCPT\n42' }, 'reference', M.controlCharacters],
      ['a tab in the reference', { reference: 'RCPT\t42' }, 'reference', M.controlCharacters],
      ['a NUL in the receiver', { receivedBy: 'Abena\u0000' }, 'receivedBy', 'Text must not contain NUL characters'],
      ['a DEL in the receiver', { receivedBy: 'Abena\u007f' }, 'receivedBy', M.controlCharacters],
      ['nobody received it', { receivedBy: '' }, 'receivedBy', M.receivedByRequired],
      ['a receiver of 101 characters', { receivedBy: 'A'.repeat(101) }, 'receivedBy', M.receivedByTooLong],
    ];
    for (const [what, fields, field, message] of cases) {
      const res = await api.record(admin, rider.userId, handInBody(fields));
      expect(res.statusCode, what).toBe(400);
      expect(res.json().error.fields?.[field], what).toBe(message);
    }
    // 100 characters, trimmed, with accents and punctuation: fine.
    const long = await api.record(
      admin,
      rider.userId,
      handInBody({ reference: `  ${'R'.repeat(100)}  `, receivedBy: 'Ọlá Adébáyọ̀ (cashier #2)' }),
    );
    expect(long.statusCode, long.body).toBe(201);
    expect(long.json()).toMatchObject({ reference: 'R'.repeat(100), receivedBy: 'Ọlá Adébáyọ̀ (cashier #2)' });

    const customer = await createUser(t, { role: 'customer' });
    for (const id of [randomUUID(), customer.userId]) {
      expect((await api.record(admin, id, handInBody())).statusCode).toBe(404);
      expect((await api.list(admin, id)).statusCode).toBe(404);
    }
    expect((await api.record(admin, 'not-an-id', handInBody())).statusCode).toBe(400);
  });
});

describe('GET the hand-ins: /api/admin/drivers/:id/cash-hand-ins and /api/drivers/me/cash-hand-ins', () => {
  const t = useTestApp();
  const api = client(t);

  it('lists them newest first, a page at a time, with the cash held per currency and its limit', async () => {
    await setCashLimit(t, 5000);
    const { rider, admin } = await riderWithCash(t);
    const other = await createUser(t, { role: 'driver', verifiedDriver: true });
    for (const reference of ['RCPT-1', 'RCPT-2', 'RCPT-3'])
      expect((await api.record(admin, rider.userId, handInBody({ amount: 500, reference }))).statusCode).toBe(201);

    const first = await api.list(admin, rider.userId, '?limit=2');
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<CashHandInPage>();
    expect(page.items.map((item) => item.reference)).toEqual(['RCPT-3', 'RCPT-2']);
    // 7,500 - 1,500 = 6,000 held, over the 5,000 limit.
    expect(page.cash).toEqual([{ currencySymbol: 'GH₵', held: 6000, limit: 5000, overLimit: true }]);
    const second = await api.list(admin, rider.userId, `?limit=2&cursor=${encodeURIComponent(page.nextCursor!)}`);
    expect(second.json<CashHandInPage>().items.map((item) => item.reference)).toEqual(['RCPT-1']);
    expect(second.json<CashHandInPage>().nextCursor).toBeNull();

    // The rider sees their own, the same; another rider sees none of them.
    const mine = await api.mine(rider, '?limit=2');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual(page);
    expect((await api.mine(other)).json()).toEqual({ items: [], nextCursor: null, cash: [] });

    // Under the limit after one more hand-in.
    expect((await api.record(admin, rider.userId, handInBody({ amount: 1000, reference: 'RCPT-4' }))).statusCode).toBe(201);
    expect((await api.mine(rider)).json<CashHandInPage>().cash).toEqual([
      { currencySymbol: 'GH₵', held: 5000, limit: 5000, overLimit: false },
    ]);

    // The admin's driver list shows each driver's cash.
    const drivers = await t.app.inject({ method: 'GET', url: '/api/admin/drivers', headers: admin.authHeader });
    const byId = new Map(drivers.json<{ items: { userId: string; cash: unknown }[] }>().items.map((d) => [d.userId, d.cash]));
    expect(byId.get(rider.userId)).toEqual([{ currencySymbol: 'GH₵', held: 5000, limit: 5000, overLimit: false }]);
    expect(byId.get(other.userId)).toEqual([]);
  });

  it('is the rider’s own: 401 without a session, 403 to every role but drivers', async () => {
    expect((await api.mine(undefined)).statusCode).toBe(401);
    for (const role of ['customer', 'restaurant', 'manager', 'admin'] as const) {
      const user = await createUser(t, { role });
      expect((await api.mine(user)).statusCode, role).toBe(403);
    }
    const unverified = await createUser(t, { role: 'driver' });
    expect((await api.mine(unverified)).statusCode).toBe(200);
    expect((await api.mine(unverified, '?cursor=nonsense')).statusCode).toBe(400);
  });
});

import { describe, expect, it } from 'vitest';
import type { LedgerBalance, LedgerCheck } from '@shared/ledger/books.js';
import { PAGING_MESSAGES, type Page } from '@shared/paging.js';
import { ledgerEntries, ledgerTransactions } from '../db/schema.js';
import { placeOrder, riderDelivers } from '../orders/testOrders.js';
import { insertMenuItem, insertRestaurant } from '../restaurants/testFixtures.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';

describe('GET /api/admin/ledger/check and /balances: the admin’s view of the ledger', () => {
  const t = useTestApp();

  const get = (user: TestUser | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: user?.authHeader ?? {} });
  const check = async (admin: TestUser) => {
    const res = await get(admin, '/api/admin/ledger/check');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<LedgerCheck>();
  };
  const balances = async (admin: TestUser, query = '') => {
    const res = await get(admin, `/api/admin/ledger/balances${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page<LedgerBalance>>();
  };

  /** A cash order of `restaurant`'s dish, delivered by `rider` with its code through the API. */
  async function deliveredCashOrder(restaurant: { id: string }, dish: { id: string }, rider: TestUser) {
    const customer = await createUser(t, { role: 'customer' });
    const order = await placeOrder(t, customer, { restaurant, dish });
    await riderDelivers(t, rider, order);
    return order;
  }

  /** Two restaurants and two riders, each rider delivering one order of each. */
  async function books() {
    const kitchens = [];
    for (const [name, price] of [
      ['Auntie Muni Waakye', 2500],
      ['Buka Chop Bar', 4000],
    ] as const) {
      const owner = await createUser(t, { role: 'restaurant' });
      const restaurant = await insertRestaurant(t.app.db, { ownerId: owner.userId, name });
      kitchens.push({ restaurant, dish: await insertMenuItem(t.app.db, { restaurantId: restaurant.id, price }) });
    }
    const kofi = await createUser(t, { role: 'driver', verifiedDriver: true, fullName: 'Kofi Mensah' });
    const yaw = await createUser(t, { role: 'driver', verifiedDriver: true, fullName: 'Yaw Boateng' });
    for (const rider of [kofi, yaw]) {
      for (const { restaurant, dish } of kitchens) await deliveredCashOrder(restaurant, dish, rider);
    }
    return { kitchens, kofi, yaw };
  }

  it('admits admins only: 401 signed out, 403 for every other role', async () => {
    for (const url of ['/api/admin/ledger/check', '/api/admin/ledger/balances']) {
      expect((await get(undefined, url)).statusCode).toBe(401);
      for (const role of ['customer', 'restaurant', 'manager', 'driver'] as const) {
        const user = await createUser(t, { role, verifiedDriver: role === 'driver' });
        expect((await get(user, url)).statusCode, `${role} ${url}`).toBe(403);
      }
    }
  });

  it('reports an empty ledger, then a busy one, as balanced, counting its transactions and entries', async () => {
    const admin = await createUser(t, { role: 'admin' });
    expect(await check(admin)).toEqual({ balanced: true, transactions: 0, entries: 0, unbalanced: [] });
    await books();
    // Four deliveries without fees or tips: three entries each (rider's cash, restaurant, commission).
    expect(await check(admin)).toEqual({ balanced: true, transactions: 4, entries: 12, unbalanced: [] });
  });

  it('finds a transaction whose entries do not sum to zero', async () => {
    const admin = await createUser(t, { role: 'admin' });
    await books();
    // Only a bug (or a hand in the database) could write one: postTransaction refuses it.
    const [broken] = await t.app.db
      .insert(ledgerTransactions)
      .values({ kind: 'cash_handed_in', memo: 'by hand' })
      .returning({ id: ledgerTransactions.id });
    await t.app.db.insert(ledgerEntries).values([
      { transactionId: broken!.id, account: 'cash_received', currencySymbol: 'GH₵', amount: 1000 },
      { transactionId: broken!.id, account: 'rider_cash', currencySymbol: 'GH₵', amount: -990 },
      { transactionId: broken!.id, account: 'cash_received', currencySymbol: '₦', amount: 70 },
    ]);
    const answer = await check(admin);
    expect(answer).toMatchObject({ balanced: false, transactions: 5, entries: 15 });
    expect(answer.unbalanced).toEqual(
      expect.arrayContaining([
        { transactionId: broken!.id, currencySymbol: 'GH₵', sum: 10 },
        { transactionId: broken!.id, currencySymbol: '₦', sum: 70 },
      ]),
    );
    expect(answer.unbalanced).toHaveLength(2);
  });

  it('lists every account’s balance with its owner named, platform’s accounts by label, in the accounts’ order then by name', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const { kitchens, kofi, yaw } = await books();
    const [auntie, buka] = kitchens.map((kitchen) => kitchen.restaurant);
    const page = await balances(admin);
    expect(page.nextCursor).toBeNull();
    const row = (account: string, ownerId: string | null, name: string, balance: number, entries: number) => ({
      account,
      ownerId,
      name,
      currencySymbol: 'GH₵',
      balance,
      entries,
    });
    // Waakye 2,500 and Chop 4,000 at 10 %: each rider collected 6,500 in cash.
    expect(page.items).toEqual([
      row('rider_cash', kofi.userId, 'Kofi Mensah', 6500, 2),
      row('rider_cash', yaw.userId, 'Yaw Boateng', 6500, 2),
      row('restaurant', auntie!.id, 'Auntie Muni Waakye', -4500, 2),
      row('restaurant', buka!.id, 'Buka Chop Bar', -7200, 2),
      row('commission', null, 'Commission', -1300, 4),
    ]);
  });

  it('pages by the server, each row once, and finds rows by owner name or account label', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const { kofi } = await books();
    const all = (await balances(admin)).items;
    const paged: LedgerBalance[] = [];
    let cursor: string | null = null;
    do {
      const page = await balances(admin, `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      paged.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(all);

    expect((await balances(admin, '?q=kofi')).items.map((item) => [item.account, item.ownerId])).toEqual([
      ['rider_cash', kofi.userId],
    ]);
    expect((await balances(admin, '?q=waakye')).items.map((item) => item.name)).toEqual(['Auntie Muni Waakye']);
    expect((await balances(admin, '?q=restaurant%20payouts')).items).toHaveLength(2);
    expect((await balances(admin, '?q=commission')).items.map((item) => item.name)).toEqual(['Commission']);
    expect((await balances(admin, '?q=100%25')).items).toEqual([]);

    for (const cursor of ['not-a-cursor', '["commission","\\u0000",null,"GH₵"]', '["nowhere","a",null,"GH₵"]']) {
      const refused = await get(admin, `/api/admin/ledger/balances?cursor=${encodeURIComponent(cursor)}`);
      expect(refused.statusCode, cursor).toBe(400);
      expect(refused.body).toContain(PAGING_MESSAGES.cursor);
    }
  });
});

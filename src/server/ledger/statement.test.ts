import { describe, expect, it } from 'vitest';
import type { Statement } from '@shared/ledger/statement.js';
import { restaurantMembers } from '../db/schema.js';
import { insertMenuItem, insertRestaurant } from '../restaurants/testFixtures.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { openRestaurant } from '../orders/testOrders.js';
import { postTransaction } from './post.js';
import { CSV_HEADER } from './statementCsv.js';
import { backdatePostings, deliverOrder } from './testStatements.js';

/** Splits CSV text (RFC 4180: quoted cells, doubled quotes, CRLF) into rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

describe("statements: what the platform owes a restaurant or a rider, over a period, from the ledger's entries", () => {
  const t = useTestApp();

  const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user?.authHeader });
  const statementOf = async (url: string, user: TestUser): Promise<Statement> => {
    const res = await get(url, user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  /**
   * A restaurant with a manager, and four cash orders of Waakye (2,500; 10 % commission) delivered
   * by one rider: 1 dated back to 10 March 2025, 2 to 2 April 2025, 3 to 20 April 2025, and 1 today.
   * The restaurant is owed 2,250 a dish.
   */
  async function deliveredKitchen() {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const rider = await createUser(t, { role: 'driver', verifiedDriver: true });
    const manager = await createUser(t, { role: 'manager' });
    await t.app.db.insert(restaurantMembers).values({ restaurantId: kitchen.restaurant.id, userId: manager.userId });
    const plan = [
      { quantity: 1, at: new Date('2025-03-10T12:00:00Z') },
      { quantity: 2, at: new Date('2025-04-02T08:00:00Z') },
      { quantity: 3, at: new Date('2025-04-20T18:30:00Z') },
      { quantity: 1, at: null },
    ];
    const delivered = [];
    for (const step of plan) {
      const order = await deliverOrder(t, kitchen, customer, rider, {
        quantity: step.quantity,
        deliveryFee: 500,
        deliveryShare: 100,
        tip: 200,
      });
      if (step.at) await backdatePostings(t, order.orderId, step.at);
      delivered.push({ ...order, at: step.at });
    }
    return { kitchen, customer, rider, manager, delivered, url: `/api/restaurants/${kitchen.restaurant.id}/statement` };
  }

  it('answers the period asked: the balance before it, each entry with the balance after it, and the balance at its end', async () => {
    const { kitchen, url, delivered } = await deliveredKitchen();
    const [march, april2, april20, today] = delivered as [
      (typeof delivered)[0],
      (typeof delivered)[0],
      (typeof delivered)[0],
      (typeof delivered)[0],
    ];
    expect([march.payout, april2.payout, april20.payout, today.payout]).toEqual([2250, 4500, 6750, 2250]);

    const april = await statementOf(`${url}?from=2025-04-01&to=2025-05-01`, kitchen.owner);
    expect(april).toMatchObject({
      account: 'restaurant',
      from: '2025-04-01',
      to: '2025-05-01',
      currencySymbol: 'GH₵',
      currencies: ['GH₵'],
      openingBalance: 2250,
      closingBalance: 2250 + 4500 + 6750,
      nextCursor: null,
    });
    expect(april.entries).toEqual([
      {
        id: expect.any(String),
        at: '2025-04-02T08:00:00.000Z',
        kind: 'order_delivered',
        orderId: april2.orderId,
        shortId: april2.orderId.slice(0, 8),
        memo: null,
        paidBy: 'Cash',
        amount: 4500,
        balance: 6750,
      },
      expect.objectContaining({ at: '2025-04-20T18:30:00.000Z', orderId: april20.orderId, amount: 6750, balance: 13500 }),
    ]);

    const marchStatement = await statementOf(`${url}?from=2025-03-01&to=2025-04-01`, kitchen.owner);
    expect(marchStatement).toMatchObject({ openingBalance: 0, closingBalance: 2250 });
    expect(marchStatement.entries.map((entry) => entry.orderId)).toEqual([march.orderId]);

    // A period that starts and ends inside months: 3 to 20 April, the 20th excluded... then included.
    const mid = await statementOf(`${url}?from=2025-04-03&to=2025-04-20`, kitchen.owner);
    expect(mid).toMatchObject({ openingBalance: 6750, closingBalance: 6750, entries: [] });
    const midIncluded = await statementOf(`${url}?from=2025-04-03&to=2025-04-21`, kitchen.owner);
    expect(midIncluded).toMatchObject({ openingBalance: 6750, closingBalance: 13500 });
    expect(midIncluded.entries).toHaveLength(1);

    // No dates: the current UTC month, which holds today's delivery.
    const now = new Date();
    const thisMonth = await statementOf(url, kitchen.owner);
    expect(thisMonth.from).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10));
    expect(thisMonth).toMatchObject({ openingBalance: 13500, closingBalance: 15750 });
    expect(thisMonth.entries.map((entry) => [entry.orderId, entry.amount, entry.balance])).toEqual([
      [today.orderId, 2250, 15750],
    ]);
  });

  it('pages a long period by the server, the balances running on across pages', async () => {
    const { kitchen, url } = await deliveredKitchen();
    const whole = await statementOf(`${url}?from=2025-01-01&to=2025-12-31`, kitchen.owner);
    expect(whole.entries.map((entry) => entry.balance)).toEqual([2250, 6750, 13500]);

    const first = await statementOf(`${url}?from=2025-01-01&to=2025-12-31&limit=2`, kitchen.owner);
    expect(first.entries.map((entry) => entry.balance)).toEqual([2250, 6750]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await statementOf(`${url}?from=2025-01-01&to=2025-12-31&limit=2&cursor=${first.nextCursor}`, kitchen.owner);
    expect(second.entries.map((entry) => entry.balance)).toEqual([13500]);
    expect(second).toMatchObject({ openingBalance: 0, closingBalance: 13500, nextCursor: null });
    expect([...first.entries, ...second.entries]).toEqual(whole.entries);
  });

  it("lets the owner, the restaurant's managers and admins read it; to other owners and managers it does not exist", async () => {
    const { kitchen, manager, rider, customer, url } = await deliveredKitchen();
    const otherKitchen = await openRestaurant(t);
    const otherManager = await createUser(t, { role: 'manager' });
    await t.app.db.insert(restaurantMembers).values({ restaurantId: otherKitchen.restaurant.id, userId: otherManager.userId });
    const admin = await createUser(t, { role: 'admin' });

    for (const reader of [kitchen.owner, manager, admin]) {
      expect((await get(url, reader)).statusCode).toBe(200);
      expect((await get(`${url}.csv`, reader)).statusCode).toBe(200);
    }
    for (const stranger of [otherKitchen.owner, otherManager]) {
      const res = await get(url, stranger);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Restaurant not found');
      expect((await get(`${url}.csv`, stranger)).statusCode).toBe(404);
      expect((await get(`${url}?format=csv`, stranger)).statusCode).toBe(404);
    }
    for (const other of [customer, rider]) {
      expect((await get(url, other)).statusCode).toBe(403);
      expect((await get(`${url}.csv`, other)).statusCode).toBe(403);
    }
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(`${url}.csv`)).statusCode).toBe(401);
    // An admin asking for a restaurant that does not exist.
    expect((await get('/api/restaurants/00000000-0000-4000-8000-000000000000/statement', admin)).statusCode).toBe(404);
  });

  it('downloads the whole period as CSV: a header, the opening balance, every entry, the closing balance; formulas made inert', async () => {
    const { kitchen, url, delivered } = await deliveredKitchen();
    const memo = '=HYPERLINK("http://evil.example","Click, please")';
    await t.app.db.transaction((tx) =>
      postTransaction(tx, {
        kind: 'cash_handed_in',
        memo,
        currencySymbol: 'GH₵',
        lines: [
          { account: 'restaurant', ownerId: kitchen.restaurant.id, amount: -150 },
          { account: 'commission', ownerId: null, amount: 150 },
        ],
      }),
    );
    await t.app.db.transaction((tx) =>
      postTransaction(tx, {
        kind: 'cash_handed_in',
        memo: '-2+3 @SUM(A1)',
        currencySymbol: 'GH₵',
        lines: [
          { account: 'restaurant', ownerId: kitchen.restaurant.id, amount: 50 },
          { account: 'commission', ownerId: null, amount: -50 },
        ],
      }),
    );

    const res = await get(`${url}.csv?from=2025-04-01&to=2025-05-01`, kitchen.owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="statement-chop-house-[0-9a-f]{6}-2025-04-01-to-2025-04-30\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual([...CSV_HEADER]);
    expect(rows.slice(1)).toEqual([
      ['2025-04-01T00:00:00.000Z', 'Opening balance', '', '', '', '', 'GH₵', '', '22.50'],
      [
        '2025-04-02T08:00:00.000Z',
        'Order delivered',
        delivered[1]!.orderId.slice(0, 8),
        delivered[1]!.orderId,
        'Cash',
        '',
        'GH₵',
        '45.00',
        '67.50',
      ],
      [
        '2025-04-20T18:30:00.000Z',
        'Order delivered',
        delivered[2]!.orderId.slice(0, 8),
        delivered[2]!.orderId,
        'Cash',
        '',
        'GH₵',
        '67.50',
        '135.00',
      ],
      ['2025-05-01T00:00:00.000Z', 'Closing balance', '', '', '', '', 'GH₵', '', '135.00'],
    ]);

    // This month: today's delivery and the two postings with memos.
    const thisMonth = await get(`${url}?format=csv`, kitchen.owner);
    expect(thisMonth.headers['content-type']).toBe('text/csv; charset=utf-8');
    const monthRows = parseCsv(thisMonth.body.slice(1));
    expect(monthRows).toHaveLength(1 + 1 + 3 + 1);
    const [opening, todays, formula, sum, closing] = monthRows.slice(1);
    expect(opening!.slice(1)).toEqual(['Opening balance', '', '', '', '', 'GH₵', '', '135.00']);
    expect(todays!.slice(1)).toEqual([
      'Order delivered',
      delivered[3]!.orderId.slice(0, 8),
      delivered[3]!.orderId,
      'Cash',
      '',
      'GH₵',
      '22.50',
      '157.50',
    ]);
    expect(formula!.slice(1)).toEqual(['Cash handed in', '', '', '', `'${memo}`, 'GH₵', '1.50', '159.00']);
    expect(sum!.slice(5, 9)).toEqual(["'-2+3 @SUM(A1)", 'GH₵', '-0.50', '158.50']);
    expect(closing!.slice(1)).toEqual(['Closing balance', '', '', '', '', 'GH₵', '', '158.50']);
    // No cell a spreadsheet would run starts the file's text cells.
    for (const row of monthRows.slice(1)) for (const cell of [row[1], row[5]]) expect(cell).not.toMatch(/^[=+\-@]/);

    // The JSON of the same period says the same.
    const json = await statementOf(url, kitchen.owner);
    expect(json.entries.map((entry) => [entry.kind, entry.memo, entry.amount, entry.balance])).toEqual([
      ['order_delivered', null, 2250, 15750],
      ['cash_handed_in', memo, 150, 15900],
      ['cash_handed_in', '-2+3 @SUM(A1)', -50, 15850],
    ]);
  });

  it('writes every entry of a long period to the CSV, past the first page of its reads', async () => {
    const kitchen = await openRestaurant(t);
    const lines = Array.from({ length: 1203 }, (_, index) => index + 1);
    await t.app.db.transaction(async (tx) => {
      for (const amount of lines) {
        await postTransaction(tx, {
          kind: 'cash_handed_in',
          memo: `adjustment ${amount}`,
          currencySymbol: 'GH₵',
          lines: [
            { account: 'restaurant', ownerId: kitchen.restaurant.id, amount: -amount },
            { account: 'commission', ownerId: null, amount },
          ],
        });
      }
    });
    const res = await get(`/api/restaurants/${kitchen.restaurant.id}/statement.csv`, kitchen.owner);
    const rows = parseCsv(res.body.slice(1)).slice(2, -1);
    expect(rows).toHaveLength(lines.length);
    expect(rows.map((row) => row[5])).toEqual(lines.map((amount) => `adjustment ${amount}`));
    const total = lines.reduce((sum, amount) => sum + amount, 0);
    expect(rows.at(-1)![8]).toBe((total / 100).toFixed(2));
  });

  it('shows a rider their earnings account: the currency of their latest entry unless they ask for another', async () => {
    const { rider, delivered } = await deliveredKitchen();
    const customer = await createUser(t, { role: 'customer' });
    const nairaOwner = await createUser(t, { role: 'restaurant' });
    const naira = await insertRestaurant(t.app.db, { ownerId: nairaOwner.userId, country: 'Nigeria', currencySymbol: '₦' });
    const dish = await insertMenuItem(t.app.db, { restaurantId: naira.id, name: 'Suya', price: 3000 });
    const nairaOrder = await deliverOrder(t, { owner: nairaOwner, restaurant: naira, dish }, customer, rider, {
      deliveryFee: 1000,
      deliveryShare: 200,
      tip: 0,
    });

    const latest = await statementOf('/api/drivers/me/statement', rider);
    expect(latest).toMatchObject({
      account: 'rider',
      currencySymbol: '₦',
      currencies: ['₦', 'GH₵'],
      openingBalance: 0,
      closingBalance: 800,
    });
    expect(latest.entries.map((entry) => entry.orderId)).toEqual([nairaOrder.orderId]);

    const cedis = await statementOf(
      `/api/drivers/me/statement?currency=${encodeURIComponent('GH₵')}&from=2025-04-01&to=2025-05-01`,
      rider,
    );
    expect(cedis).toMatchObject({ currencySymbol: 'GH₵', openingBalance: 600, closingBalance: 1800 });
    expect(cedis.entries.map((entry) => [entry.orderId, entry.amount])).toEqual([
      [delivered[1]!.orderId, 600],
      [delivered[2]!.orderId, 600],
    ]);

    const csv = await get(
      `/api/drivers/me/statement.csv?currency=${encodeURIComponent('GH₵')}&from=2025-04-01&to=2025-05-01`,
      rider,
    );
    expect(csv.headers['content-disposition']).toBe('attachment; filename="statement-earnings-2025-04-01-to-2025-04-30.csv"');
    expect(parseCsv(csv.body.slice(1)).map((row) => row[8])).toEqual(['Balance', '6.00', '12.00', '18.00', '18.00']);
  });

  it('answers a rider with no entries an empty statement, and refuses other roles and strangers', async () => {
    const rider = await createUser(t, { role: 'driver' });
    expect(await statementOf('/api/drivers/me/statement', rider)).toMatchObject({
      currencySymbol: null,
      currencies: [],
      openingBalance: 0,
      closingBalance: 0,
      entries: [],
      nextCursor: null,
    });
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    for (const other of [kitchen.owner, customer]) {
      expect((await get('/api/drivers/me/statement', other)).statusCode).toBe(403);
      expect((await get('/api/drivers/me/statement.csv', other)).statusCode).toBe(403);
    }
    expect((await get('/api/drivers/me/statement')).statusCode).toBe(401);
  });

  it('refuses a period that ends before it starts or is longer than 366 days, and a cursor it did not make', async () => {
    const kitchen = await openRestaurant(t);
    const url = `/api/restaurants/${kitchen.restaurant.id}/statement`;
    const refused = async (query: string) => {
      const res = await get(`${url}?${query}`, kitchen.owner);
      expect(res.statusCode, query).toBe(400);
      return res.json().error.message as string;
    };
    expect(await refused('from=2025-05-01&to=2025-04-01')).toMatch(/end after it starts/);
    expect(await refused('from=2025-05-01&to=2025-05-01')).toMatch(/end after it starts/);
    expect(await refused('from=2024-01-01&to=2025-01-02')).toMatch(/at most 366 days/);
    expect(await refused('from=2025-02-30')).toMatch(/YYYY-MM-DD/);
    expect(await refused('cursor=abc')).toMatch(/cursor/);
    expect(await refused('format=xml')).toMatch(/json or csv/);
    expect((await get(`${url}?from=2024-01-01&to=2025-01-01`, kitchen.owner)).statusCode).toBe(200);
    // One date alone: a month from it, or up to it.
    expect(await statementOf(`${url}?from=2025-01-31`, kitchen.owner)).toMatchObject({ from: '2025-01-31', to: '2025-02-28' });
    expect(await statementOf(`${url}?to=2025-03-15`, kitchen.owner)).toMatchObject({ from: '2025-02-15', to: '2025-03-15' });
  });
});

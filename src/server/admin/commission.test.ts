import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COMMISSION_MESSAGES, type CommissionSettings } from '@shared/admin/commission.js';
import { commissionFor } from '@shared/money.js';
import { commissionChanges, commissionSettings, orders } from '../db/schema.js';
import { openRestaurant, placeOrder } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';

describe('GET and PUT /api/admin/commission', () => {
  const t = useTestApp();

  const read = (user?: TestUser) =>
    t.app.inject({ method: 'GET', url: '/api/admin/commission', headers: user?.authHeader ?? {} });
  const put = (user: TestUser | undefined, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/commission',
      headers: { ...user?.authHeader, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  it('answers the default rate of 10% with no changes yet', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const res = await read(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ percent: 10, recentChanges: [] });
  });

  it('refuses anonymous callers (401) and every role but admin (403), and changes nothing for them', async () => {
    expect((await read()).statusCode).toBe(401);
    expect((await put(undefined, { percent: 20 })).statusCode).toBe(401);
    for (const role of ['customer', 'restaurant', 'manager', 'driver'] as const) {
      const user = await createUser(t, { role });
      expect((await read(user)).statusCode, role).toBe(403);
      expect((await put(user, { percent: 20 })).statusCode, role).toBe(403);
    }
    const [row] = await t.app.db.select().from(commissionSettings);
    expect(row?.commissionBps).toBe(1000);
    expect(await t.app.db.select().from(commissionChanges)).toEqual([]);
  });

  it('refuses a rate outside 0 to 100 or finer than 0.1 with a clear 400, and keeps the rate', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const cases: [unknown, string][] = [
      [{ percent: -0.1 }, COMMISSION_MESSAGES.range],
      [{ percent: 100.1 }, COMMISSION_MESSAGES.range],
      [{ percent: 1e308 }, COMMISSION_MESSAGES.range],
      [{ percent: 12.34 }, COMMISSION_MESSAGES.step],
      [{ percent: 0.05 }, COMMISSION_MESSAGES.step],
      [{ percent: '12.5' }, COMMISSION_MESSAGES.notNumber],
      [{ percent: null }, COMMISSION_MESSAGES.notNumber],
      [{}, COMMISSION_MESSAGES.notNumber],
    ];
    for (const [payload, message] of cases) {
      const res = await put(admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error, JSON.stringify(payload)).toMatchObject({
        code: 'bad_request',
        message,
        fields: { percent: message },
      });
    }
    expect((await read(admin)).json()).toMatchObject({ percent: 10, recentChanges: [] });
  });

  it('accepts the ends of the range and tenths however binary fractions round them', async () => {
    const admin = await createUser(t, { role: 'admin' });
    for (const [percent, bps] of [
      [0, 0],
      [100, 10000],
      [0.1 + 0.2, 30],
      [12.3, 1230],
      [99.9, 9990],
    ] as const) {
      const res = await put(admin, { percent });
      expect(res.statusCode, String(percent)).toBe(200);
      const [row] = await t.app.db.select().from(commissionSettings);
      expect(row?.commissionBps, String(percent)).toBe(bps);
    }
  });

  it('records every change with who made it and when, newest first, and nothing for a rate it already has', async () => {
    const abena = await createUser(t, { role: 'admin', fullName: 'Abena Darko' });
    const kojo = await createUser(t, { role: 'admin', fullName: 'Kojo Mensah' });
    const before = Date.now();

    const first = await put(abena, { percent: 12.5 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<CommissionSettings>()).toMatchObject({
      percent: 12.5,
      recentChanges: [{ oldPercent: 10, newPercent: 12.5, changedBy: { id: abena.userId, fullName: 'Abena Darko' } }],
    });
    expect((await put(kojo, { percent: 15 })).statusCode).toBe(200);
    expect((await put(kojo, { percent: 15 })).statusCode).toBe(200);

    const settings = (await read(abena)).json<CommissionSettings>();
    expect(settings.percent).toBe(15);
    expect(settings.recentChanges).toMatchObject([
      { oldPercent: 12.5, newPercent: 15, changedBy: { id: kojo.userId, fullName: 'Kojo Mensah' } },
      { oldPercent: 10, newPercent: 12.5, changedBy: { id: abena.userId, fullName: 'Abena Darko' } },
    ]);
    for (const change of settings.recentChanges) {
      expect(Date.parse(change.changedAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(change.changedAt)).toBeLessThanOrEqual(Date.now() + 1000);
    }
    expect(Date.parse(settings.updatedAt)).toBe(Date.parse(settings.recentChanges[0]!.changedAt));

    const rows = await t.app.db.select().from(commissionChanges).orderBy(desc(commissionChanges.changedAt));
    expect(rows.map((row) => [row.oldBps, row.newBps, row.changedBy])).toEqual([
      [1250, 1500, kojo.userId],
      [1000, 1250, abena.userId],
    ]);
  });

  it('shows the last five changes only', async () => {
    const admin = await createUser(t, { role: 'admin' });
    for (const percent of [11, 12, 13, 14, 15, 16, 17]) expect((await put(admin, { percent })).statusCode).toBe(200);
    const settings = (await read(admin)).json<CommissionSettings>();
    expect(settings.recentChanges.map((change) => change.newPercent)).toEqual([17, 16, 15, 14, 13]);
  });

  it('gives the new rate to orders placed after a change, while orders placed before keep their own', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const customer = await createUser(t, { role: 'customer' });
    const kitchen = await openRestaurant(t);
    const before = await placeOrder(t, customer, kitchen, 3);

    expect((await put(admin, { percent: 12.5 })).statusCode).toBe(200);
    const after = await placeOrder(t, customer, kitchen, 3);

    const stored = async (id: string) => {
      const [row] = await t.app.db
        .select({
          bps: orders.commissionBps,
          total: orders.totalAmount,
          commission: orders.commissionAmount,
          payout: orders.restaurantPayout,
        })
        .from(orders)
        .where(eq(orders.id, id));
      return row!;
    };
    // 3 × 25.00 = 75.00: 10% is 7.50, 12.5% is 9.375, rounded half up to 9.38.
    expect(await stored(before.id)).toEqual({ bps: 1000, total: 7500, commission: 750, payout: 6750 });
    expect(await stored(after.id)).toEqual({ bps: 1250, total: 7500, commission: commissionFor(7500, 1250), payout: 7500 - 938 });
    expect(commissionFor(7500, 1250)).toBe(938);
  });
});

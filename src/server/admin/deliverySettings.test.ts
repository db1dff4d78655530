import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_SETTINGS_MESSAGES as M, type DeliverySettingsView } from '@shared/admin/delivery.js';
import type { DeliveryPricing } from '@shared/delivery/fees.js';
import { commissionSettings, deliveryPricing } from '../db/schema.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp, type TestContext } from '../test/app.js';

/** A currency's row as PUT takes it and GET answers it, with its cash limit (null: none). */
type PricingRow = DeliveryPricing & { cashLimit: number | null };

const CEDI: PricingRow = {
  currencySymbol: 'GH₵',
  baseFee: 800,
  perKmFee: 150,
  includedMeters: 3000,
  maxMeters: 15_000,
  cashLimit: null,
};
const NAIRA: PricingRow = {
  currencySymbol: '₦',
  baseFee: 80_000,
  perKmFee: 15_000,
  includedMeters: 3000,
  maxMeters: 15_000,
  cashLimit: 5_000_000,
};
const SHILLING: PricingRow = {
  currencySymbol: 'KSh',
  baseFee: 10_000,
  perKmFee: 1500,
  includedMeters: 2500,
  maxMeters: 12_000,
  cashLimit: 0,
};

/** A PUT body; currencies as the public schema types them, so a test may send one the server refuses. */
type Body = Omit<DeliverySettingsView, 'currencies'> & { currencies: PricingRow[] };

const settings = (fields: Partial<Body> = {}): Body => ({
  roadFactorPercent: 130,
  deliverySharePercent: 20,
  currencies: [CEDI],
  ...fields,
});

function client(t: TestContext) {
  return {
    read: (user?: TestUser) =>
      t.app.inject({ method: 'GET', url: '/api/admin/delivery-settings', headers: user?.authHeader ?? {} }),
    put: (user: TestUser | undefined, payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/delivery-settings',
        headers: { ...user?.authHeader, 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      }),
    publicPricing: () => t.app.inject({ method: 'GET', url: '/api/delivery/pricing' }),
  };
}

/** What the tables hold, read past the API. */
async function stored(t: TestContext) {
  const [row] = await t.app.db
    .select({
      roadFactorPercent: commissionSettings.roadFactorPercent,
      deliveryShareBps: commissionSettings.deliveryShareBps,
      commissionBps: commissionSettings.commissionBps,
      updatedAt: commissionSettings.updatedAt,
    })
    .from(commissionSettings);
  const rows = await t.app.db
    .select({
      currencySymbol: deliveryPricing.currencySymbol,
      baseFee: deliveryPricing.baseFee,
      perKmFee: deliveryPricing.perKmFee,
      includedMeters: deliveryPricing.includedMeters,
      maxMeters: deliveryPricing.maxMeters,
      cashLimit: deliveryPricing.cashLimit,
    })
    .from(deliveryPricing);
  return { ...row!, currencies: rows.sort((a, b) => (a.currencySymbol < b.currencySymbol ? -1 : 1)) };
}

const sortedBySymbol = (rows: PricingRow[]) => [...rows].sort((a, b) => (a.currencySymbol < b.currencySymbol ? -1 : 1));

describe('GET and PUT /api/admin/delivery-settings', () => {
  const t = useTestApp();
  const api = client(t);

  it('answers the defaults: a road factor of 1.3, a 20% share and no currency priced (every delivery free)', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const res = await api.read(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ roadFactorPercent: 130, deliverySharePercent: 20, currencies: [] });
  });

  it('refuses anonymous callers (401) and every role but admin (403), and changes nothing for them', async () => {
    const before = await stored(t);
    expect((await api.read()).statusCode).toBe(401);
    expect((await api.put(undefined, settings())).statusCode).toBe(401);
    for (const role of ['customer', 'restaurant', 'manager', 'driver'] as const) {
      const user = await createUser(t, { role });
      expect((await api.read(user)).statusCode, role).toBe(403);
      expect((await api.put(user, settings())).statusCode, role).toBe(403);
    }
    expect(await stored(t)).toEqual(before);
  });

  it('replaces the settings whole: new currencies added, changed ones updated, a currency left out deleted', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const commissionBefore = (await stored(t)).updatedAt;

    const first = await api.put(
      admin,
      settings({ roadFactorPercent: 145, deliverySharePercent: 12.5, currencies: [CEDI, NAIRA] }),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ roadFactorPercent: 145, deliverySharePercent: 12.5, currencies: [NAIRA, CEDI] });

    const cheaperCedi = { ...CEDI, baseFee: 650, maxMeters: 20_000 };
    const second = await api.put(
      admin,
      settings({ roadFactorPercent: 100, deliverySharePercent: 0, currencies: [SHILLING, cheaperCedi] }),
    );
    expect(second.statusCode, second.body).toBe(200);
    // In the order of the currency list (₦ $ £ € KSh GH₵ ...), whatever order they were sent in.
    const expected: DeliverySettingsView = {
      roadFactorPercent: 100,
      deliverySharePercent: 0,
      currencies: [SHILLING, cheaperCedi],
    };
    expect(second.json()).toEqual(expected);
    expect((await api.read(admin)).json()).toEqual(expected);

    const after = await stored(t);
    expect(after).toMatchObject({ roadFactorPercent: 100, deliveryShareBps: 0, commissionBps: 1000 });
    expect(after.currencies).toEqual(sortedBySymbol([SHILLING, cheaperCedi]));
    // The commission and the time it last changed are not the delivery settings' to touch.
    expect(after.updatedAt).toEqual(commissionBefore);

    const none = await api.put(admin, settings({ currencies: [] }));
    expect(none.json()).toEqual({ roadFactorPercent: 130, deliverySharePercent: 20, currencies: [] });
    expect((await stored(t)).currencies).toEqual([]);
  });

  it("keeps each currency's cash limit, changes it alone, clears it with null or by leaving it out, and never shows it to browsers", async () => {
    const admin = await createUser(t, { role: 'admin' });
    const withLimits = settings({ currencies: [{ ...CEDI, cashLimit: 50_000 }, NAIRA] });
    const first = await api.put(admin, withLimits);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().currencies).toEqual([NAIRA, { ...CEDI, cashLimit: 50_000 }]);
    expect((await stored(t)).currencies).toEqual(sortedBySymbol([{ ...CEDI, cashLimit: 50_000 }, NAIRA]));

    // A change of the limit alone is a change of the row: it is written, the fees stay.
    const changed = await api.put(admin, settings({ currencies: [{ ...CEDI, cashLimit: 20_000 }, NAIRA] }));
    expect(changed.json().currencies[1]).toEqual({ ...CEDI, cashLimit: 20_000 });
    expect((await stored(t)).currencies).toEqual(sortedBySymbol([{ ...CEDI, cashLimit: 20_000 }, NAIRA]));

    // Left out of a row (an older client) is no limit, as null is.
    const { cashLimit: _left, ...cediWithoutLimit } = CEDI;
    const cleared = await api.put(admin, { ...settings(), currencies: [cediWithoutLimit, { ...NAIRA, cashLimit: null }] });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().currencies).toEqual([{ ...NAIRA, cashLimit: null }, CEDI]);
    expect((await stored(t)).currencies.map((row) => row.cashLimit)).toEqual([null, null]);

    await api.put(admin, withLimits);
    expect((await api.publicPricing()).json().currencies).toEqual([
      { currencySymbol: '₦', baseFee: 80_000, perKmFee: 15_000, includedMeters: 3000, maxMeters: 15_000 },
      { currencySymbol: 'GH₵', baseFee: 800, perKmFee: 150, includedMeters: 3000, maxMeters: 15_000 },
    ]);
  });

  it('takes the ends of every range, and shares in tenths however binary fractions round them', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const ends: PricingRow[] = [
      { currencySymbol: '$', baseFee: 0, perKmFee: 0, includedMeters: 0, maxMeters: 100, cashLimit: 0 },
      {
        currencySymbol: '€',
        baseFee: 2_147_483_647,
        perKmFee: 2_147_483_647,
        includedMeters: 200_000,
        maxMeters: 200_000,
        cashLimit: 2_147_483_647,
      },
      { currencySymbol: 'R', baseFee: 1, perKmFee: 1, includedMeters: 100, maxMeters: 100, cashLimit: null },
    ];
    for (const [roadFactorPercent, deliverySharePercent, bps] of [
      [100, 0, 0],
      [300, 100, 10_000],
      [130, 0.1 + 0.2, 30],
      [299, 99.9, 9990],
    ] as const) {
      const res = await api.put(admin, { roadFactorPercent, deliverySharePercent, currencies: ends });
      expect(res.statusCode, res.body).toBe(200);
      expect(await stored(t)).toMatchObject({ roadFactorPercent, deliveryShareBps: bps });
    }
    expect((await stored(t)).currencies).toEqual(sortedBySymbol(ends));
  });

  it('refuses bad input with 400 and a message under the field it is about, and keeps the settings', async () => {
    const admin = await createUser(t, { role: 'admin' });
    expect((await api.put(admin, settings({ currencies: [CEDI, NAIRA] }))).statusCode).toBe(200);
    const before = await stored(t);
    const row = (fields: Record<string, unknown>) => settings({ currencies: [{ ...CEDI, ...fields }] as PricingRow[] });

    const cases: [string, unknown, string, string][] = [
      ['a NUL byte in the currency', row({ currencySymbol: 'GH\u0000₵' }), 'currencies.0.currencySymbol', M.currencyRequired],
      [
        'ten thousand characters of currency',
        row({ currencySymbol: 'GH₵'.repeat(3400) }),
        'currencies.0.currencySymbol',
        M.currencyRequired,
      ],
      ['an unknown currency', row({ currencySymbol: 'XYZ' }), 'currencies.0.currencySymbol', M.currencyRequired],
      ['a currency in another case', row({ currencySymbol: 'ksh' }), 'currencies.0.currencySymbol', M.currencyRequired],
      ['no currency', row({ currencySymbol: null }), 'currencies.0.currencySymbol', M.currencyRequired],
      [
        'a currency twice',
        settings({ currencies: [CEDI, NAIRA, { ...CEDI, baseFee: 1 }] }),
        'currencies.2.currencySymbol',
        M.currencyTwice('GH₵'),
      ],
      ['a negative base fee', row({ baseFee: -1 }), 'currencies.0.baseFee', M.feeNegative],
      ['a fee in fractions of a minor unit', row({ perKmFee: 150.5 }), 'currencies.0.perKmFee', M.feeNotMinor],
      ['a fee over what a column holds', row({ baseFee: 2_147_483_648 }), 'currencies.0.baseFee', M.feeTooHigh],
      ['a huge fee', row({ perKmFee: 1e308 }), 'currencies.0.perKmFee', M.feeNotMinor],
      ['a fee as text', row({ baseFee: '800' }), 'currencies.0.baseFee', M.feeNotAmount],
      ['a fee left out', row({ baseFee: undefined }), 'currencies.0.baseFee', M.feeNotAmount],
      ['a negative included distance', row({ includedMeters: -1 }), 'currencies.0.includedMeters', M.includedRange],
      [
        'an included distance in fractions of a metre',
        row({ includedMeters: 2.5 }),
        'currencies.0.includedMeters',
        M.distanceNotMeters,
      ],
      ['more included than delivered', row({ includedMeters: 15_001 }), 'currencies.0.includedMeters', M.includedAboveMax],
      [
        'a longest delivery dearer than a fee can be',
        row({ perKmFee: 178_956_971 }),
        'currencies.0.perKmFee',
        M.farthestFeeTooHigh,
      ],
      ['a maximum under 0.1 km', row({ maxMeters: 99 }), 'currencies.0.maxMeters', M.maxRange],
      ['a maximum of nothing', row({ maxMeters: 0 }), 'currencies.0.maxMeters', M.maxRange],
      ['a maximum over 200 km', row({ maxMeters: 200_001 }), 'currencies.0.maxMeters', M.maxRange],
      ['a negative cash limit', row({ cashLimit: -1 }), 'currencies.0.cashLimit', M.cashLimitNegative],
      ['a cash limit in fractions of a minor unit', row({ cashLimit: 0.5 }), 'currencies.0.cashLimit', M.cashLimitNotMinor],
      ['a cash limit over what a column holds', row({ cashLimit: 2_147_483_648 }), 'currencies.0.cashLimit', M.cashLimitTooHigh],
      ['a cash limit as text', row({ cashLimit: '500' }), 'currencies.0.cashLimit', M.cashLimitNotAmount],
      ['a road factor under 1.0', settings({ roadFactorPercent: 99 }), 'roadFactorPercent', M.roadFactorRange],
      ['a road factor over 3.0', settings({ roadFactorPercent: 301 }), 'roadFactorPercent', M.roadFactorRange],
      ['a road factor as a factor', settings({ roadFactorPercent: 1.3 }), 'roadFactorPercent', M.roadFactorPercentNotWhole],
      [
        'a road factor as text',
        settings({ roadFactorPercent: '130' as unknown as number }),
        'roadFactorPercent',
        M.roadFactorNotNumber,
      ],
      ['a negative share', settings({ deliverySharePercent: -0.1 }), 'deliverySharePercent', M.shareRange],
      ['a share over 100%', settings({ deliverySharePercent: 100.1 }), 'deliverySharePercent', M.shareRange],
      ['a share finer than 0.1%', settings({ deliverySharePercent: 12.34 }), 'deliverySharePercent', M.shareStep],
      ['a share left out', settings({ deliverySharePercent: undefined }), 'deliverySharePercent', M.shareNotNumber],
      ['no list of currencies', settings({ currencies: undefined }), 'currencies', M.currencyRequired],
      ['more rows than currencies', settings({ currencies: Array.from({ length: 9 }, () => CEDI) }), 'currencies', M.tooManyRows],
    ];
    for (const [what, payload, field, message] of cases) {
      const res = await api.put(admin, payload);
      expect(res.statusCode, what).toBe(400);
      const error = res.json().error;
      expect(error.code, what).toBe('bad_request');
      expect(error.fields?.[field], what).toBe(message);
    }
    for (const junk of ['null', '[]', '"settings"', '{"roadFactorPercent":130', '{}']) {
      expect((await api.put(admin, junk)).statusCode, junk).toBe(400);
    }
    expect(await stored(t)).toEqual(before);
  });

  it('lets one of two admins saving at once win whole, never a mix of both', async () => {
    const [abena, kojo] = await Promise.all([createUser(t, { role: 'admin' }), createUser(t, { role: 'admin' })]);
    const a = settings({ roadFactorPercent: 110, deliverySharePercent: 10, currencies: [CEDI, NAIRA] });
    const b = settings({ roadFactorPercent: 250, deliverySharePercent: 35.5, currencies: [SHILLING] });
    for (let round = 0; round < 5; round++) {
      const replies = await Promise.all([api.put(abena, a), api.put(kojo, b)]);
      expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200]);
      const now = (await api.read(abena)).json<DeliverySettingsView>();
      const won = now.roadFactorPercent === 110 ? a : b;
      expect(now).toEqual({ ...won, currencies: won === a ? [NAIRA, CEDI] : [SHILLING] });
    }
  });
});

describe('GET /api/delivery/pricing', () => {
  const t = useTestApp();
  const api = client(t);

  it('answers anyone, signed in or not, the road factor and every currency priced, without the platform share', async () => {
    const empty = await api.publicPricing();
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ roadFactorPercent: 130, averageSpeedKmh: 20, currencies: [] });

    const admin = await createUser(t, { role: 'admin' });
    expect(
      (await api.put(admin, settings({ roadFactorPercent: 140, deliverySharePercent: 30, currencies: [CEDI, NAIRA] })))
        .statusCode,
    ).toBe(200);

    // The next read shows the change: nothing keeps the old answer.
    const res = await api.publicPricing();
    expect(res.statusCode).toBe(200);
    // Without the cash limits: they are the riders' business, not the customers'.
    const publicRow = ({ cashLimit: _limit, ...pricing }: PricingRow): DeliveryPricing => pricing;
    expect(res.json()).toEqual({ roadFactorPercent: 140, averageSpeedKmh: 20, currencies: [NAIRA, CEDI].map(publicRow) });
    const customer = await createUser(t, { role: 'customer' });
    const signedIn = await t.app.inject({ method: 'GET', url: '/api/delivery/pricing', headers: customer.authHeader });
    expect(signedIn.json()).toEqual(res.json());
  });
});

/** The test's database gets a trigger that fails the write of one currency, so a change fails half-way for real. */
describe('a change of the delivery settings that fails half-way', () => {
  const t = useTestApp({}, { changesSchema: true });
  const api = client(t);

  beforeAll(async () => {
    await t.database.db.execute(sql`
      create function test_refuse_rand() returns trigger language plpgsql as $$
      begin raise exception 'the rand is refused' using errcode = 'XX000'; end $$`);
    await t.database.db.execute(sql`
      create trigger test_refuse_rand before insert on delivery_pricing
      for each row when (new.currency_symbol = 'R') execute function test_refuse_rand()`);
  });

  it('changes nothing: the road factor, the share, the deleted and the updated rows all stay as they were', async () => {
    const admin = await createUser(t, { role: 'admin' });
    expect((await api.put(admin, settings({ currencies: [CEDI, NAIRA] }))).statusCode).toBe(200);
    const before = await stored(t);

    const rand: PricingRow = {
      currencySymbol: 'R',
      baseFee: 2500,
      perKmFee: 500,
      includedMeters: 3000,
      maxMeters: 10_000,
      cashLimit: null,
    };
    const res = await api.put(
      admin,
      settings({ roadFactorPercent: 200, deliverySharePercent: 50, currencies: [{ ...CEDI, baseFee: 1 }, rand] }),
    );
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('rand is refused');

    expect(await stored(t)).toEqual(before);
    expect(before).toMatchObject({ roadFactorPercent: 130, deliveryShareBps: 2000 });
    expect(before.currencies).toEqual(sortedBySymbol([CEDI, NAIRA]));
  });
});

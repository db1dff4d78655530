import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALWAYS_OPEN, HOURS_MESSAGES, type OpeningHours } from '@shared/restaurants/hours.js';
import type { App } from '../app.js';
import { orders, restaurants } from '../db/schema.js';
import { openRestaurant, sendCashCheckout } from '../orders/testOrders.js';
import { createUser } from '../test/accounts.js';
import { useSecondInstance, useTestApp } from '../test/app.js';
import { accraRestaurantForm } from './testFixtures.js';

type Kitchen = Awaited<ReturnType<typeof openRestaurant>>;

const everyDay = (opens: string, closes: string): OpeningHours => ({
  weekly: Array.from({ length: 7 }, () => [{ opens, closes }]),
  closedDates: [],
});

describe("a restaurant's opening hours", () => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: '1' });
  const other = useSecondInstance(t);
  afterEach(async () => {
    vi.useRealTimers();
    // Embedded PostgreSQL read the set clock too and timed its next statistics flush by it: flushing
    // now puts that flush back on the real clock.
    await t.app.db.execute(sql`select pg_stat_force_next_flush()`);
  });

  /**
   * The clock the server reads, set to `iso`; tokens are signed by it too, so sign in after setting
   * it. Only ever set back: a flush that embedded PostgreSQL timed by a clock more than 24.8 days
   * ahead (Node's longest timer) re-armed its alarm every millisecond, which flooded CI's log with
   * TimeoutOverflowWarnings on the days a test's date was that far off.
   */
  const setClock = (iso: string) => {
    const at = new Date(iso);
    if (at.getTime() > vi.getRealSystemTime())
      throw new Error(`A test may set the clock back, never ahead: ${iso} is in the future`);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
  };

  const edit = (id: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/restaurants/${id}`, headers, payload });

  async function setHours(fields: { openingHours?: OpeningHours; timeZone?: string }) {
    const kitchen = await openRestaurant(t);
    const res = await edit(kitchen.restaurant.id, kitchen.owner.authHeader, accraRestaurantForm(fields));
    expect(res.statusCode, res.body).toBe(200);
    return kitchen;
  }

  const checkout = async (app: App, kitchen: Kitchen) =>
    sendCashCheckout(app, await createUser(t, { role: 'customer' }), kitchen);

  const ordersOf = async (restaurantId: string) =>
    (await t.app.db.select().from(orders).where(eq(orders.restaurantId, restaurantId))).length;

  it("starts in its country's usual zone, open every day all day, until the owner sets hours", async () => {
    const owner = await createUser(t, { role: 'restaurant' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/restaurants',
      headers: owner.authHeader,
      payload: accraRestaurantForm({ country: 'Kenya', currencySymbol: 'KSh', phone: '+254 712 345678' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ timeZone: 'Africa/Nairobi', openingHours: ALWAYS_OPEN, pause: null });
  });

  it('shows the hours and zone the owner sets on the public page and list at once, on every instance', async () => {
    // A closed date added must not have passed: a year from now, whenever the test runs.
    const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
    const hours: OpeningHours = { ...everyDay('10:00', '22:00'), closedDates: [nextYear] };
    const { restaurant } = await setHours({ openingHours: hours, timeZone: 'Africa/Lagos' });
    for (const app of [t.app, other.app]) {
      await expect
        .poll(async () => (await app.inject({ method: 'GET', url: `/api/restaurants/${restaurant.id}` })).json())
        .toMatchObject({ timeZone: 'Africa/Lagos', openingHours: hours, pause: null });
      await expect
        .poll(async () =>
          (await app.inject({ method: 'GET', url: '/api/restaurants' }))
            .json()
            .find((r: { id: string }) => r.id === restaurant.id),
        )
        .toMatchObject({ timeZone: 'Africa/Lagos', openingHours: hours });
    }
  });

  it.each([
    [
      'overlapping ranges',
      {
        openingHours: {
          ...everyDay('10:00', '14:00'),
          weekly: [
            [
              { opens: '10:00', closes: '14:00' },
              { opens: '13:00', closes: '22:00' },
            ],
            [],
            [],
            [],
            [],
            [],
            [],
          ],
        },
      },
      HOURS_MESSAGES.overlap('Monday'),
    ],
    ['a range that opens and closes at once', { openingHours: everyDay('10:00', '10:00') }, HOURS_MESSAGES.sameTime],
    ['a time that is not HH:MM', { openingHours: everyDay('10:00\u0000', '22:00') }, HOURS_MESSAGES.time],
    ['a zone not on the list', { timeZone: 'Mars/Olympus_Mons' }, HOURS_MESSAGES.timeZone],
  ])('refuses %s with 400 and keeps the hours it had', async (_, fields, message) => {
    const { owner, restaurant } = await setHours({ openingHours: everyDay('09:00', '21:00'), timeZone: 'Africa/Accra' });
    const res = await edit(restaurant.id, owner.authHeader, accraRestaurantForm(fields));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
    const [row] = await t.app.db.select().from(restaurants).where(eq(restaurants.id, restaurant.id));
    expect(row).toMatchObject({ openingHours: everyDay('09:00', '21:00'), timeZone: 'Africa/Accra' });
  });

  it('keeps the hours when an API client changes the restaurant without them', async () => {
    const { owner, restaurant } = await setHours({ openingHours: everyDay('09:00', '21:00'), timeZone: 'Africa/Lagos' });
    const res = await edit(restaurant.id, owner.authHeader, accraRestaurantForm({ name: 'Renamed' }));
    expect(res.json()).toMatchObject({ name: 'Renamed', openingHours: everyDay('09:00', '21:00'), timeZone: 'Africa/Lagos' });
  });

  it('takes an order a second before closing and refuses one a second after, saying when it opens', async () => {
    const kitchen = await setHours({ openingHours: everyDay('10:00', '22:00'), timeZone: 'Africa/Accra' });
    setClock('2026-11-27T21:59:59Z');
    expect((await checkout(t.app, kitchen)).statusCode).toBe(201);
    setClock('2026-11-27T22:00:01Z');
    const res = await checkout(t.app, kitchen);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('This restaurant is closed now: it opens Saturday 10:00');
    expect(await ordersOf(kitchen.restaurant.id)).toBe(1);
  });

  it('takes orders after midnight within a range that passes it, and refuses them once it ends', async () => {
    const kitchen = await setHours({ openingHours: everyDay('18:00', '02:00'), timeZone: 'Africa/Accra' });
    setClock('2026-11-28T01:30:00Z');
    expect((await checkout(t.app, kitchen)).statusCode).toBe(201);
    setClock('2026-11-28T02:00:01Z');
    const res = await checkout(t.app, kitchen);
    expect(res.json().error.message).toBe(HOURS_MESSAGES.closedNow('18:00'));
  });

  it('refuses orders on a closed date', async () => {
    // Set on the day itself: a closed date added must not have passed yet.
    setClock('2026-11-20T12:00:00Z');
    const kitchen = await setHours({ openingHours: { ...ALWAYS_OPEN, closedDates: ['2026-11-20'] }, timeZone: 'Africa/Accra' });
    const res = await checkout(t.app, kitchen);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(HOURS_MESSAGES.closedNow('Saturday 00:00'));
  });

  it('moves the hours with a change of time zone, on an instance that already priced from the old one', async () => {
    const kitchen = await setHours({ openingHours: everyDay('10:00', '22:00'), timeZone: 'Africa/Accra' });
    // 09:30 in Accra, 10:30 in Lagos.
    setClock('2026-11-27T09:30:00Z');
    for (const app of [t.app, other.app])
      expect((await checkout(app, kitchen)).json().error.message).toBe(HOURS_MESSAGES.closedNow('10:00'));
    const res = await edit(
      kitchen.restaurant.id,
      kitchen.owner.authHeader,
      accraRestaurantForm({ openingHours: everyDay('10:00', '22:00'), timeZone: 'Africa/Lagos' }),
    );
    expect(res.statusCode).toBe(200);
    for (const app of [t.app, other.app]) expect((await checkout(app, kitchen)).statusCode).toBe(201);
  });

  it('refuses an order at once when the owner closes the day, on an instance that kept the restaurant as it was', async () => {
    const kitchen = await setHours({ openingHours: ALWAYS_OPEN, timeZone: 'Africa/Accra' });
    setClock('2026-11-27T12:00:00Z');
    for (const app of [t.app, other.app]) expect((await checkout(app, kitchen)).statusCode).toBe(201);
    const closedToday = { ...ALWAYS_OPEN, closedDates: ['2026-11-27'] };
    expect(
      (await edit(kitchen.restaurant.id, kitchen.owner.authHeader, accraRestaurantForm({ openingHours: closedToday })))
        .statusCode,
    ).toBe(200);
    for (const app of [t.app, other.app]) expect((await checkout(app, kitchen)).statusCode).toBe(422);
  });
});

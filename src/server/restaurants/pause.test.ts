import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ALWAYS_OPEN,
  HOURS_MESSAGES,
  notTakingOrdersMessage,
  openingState,
  PAUSE_MESSAGES,
  type OpeningState,
} from '@shared/restaurants/hours.js';
import type { App } from '../app.js';
import { restaurants } from '../db/schema.js';
import { openRestaurant, sendCashCheckout } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useSecondInstance, useTestApp } from '../test/app.js';

type Kitchen = Awaited<ReturnType<typeof openRestaurant>>;

/** HH:MM of an instant in Accra, which keeps UTC all year. */
/** What a checkout answers while paused until `until`, in Accra's clock ('00:08', or 'Saturday 00:08' past midnight). */
const pausedMessage = (until: string) =>
  notTakingOrdersMessage(
    openingState({ timeZone: 'Africa/Accra', openingHours: ALWAYS_OPEN, pause: { until } }) as Exclude<
      OpeningState,
      { taking: true }
    >,
  );

describe('pausing new orders from the board', () => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: '1' });
  const other = useSecondInstance(t);

  const pause = (user: TestUser, restaurantId: string, minutes: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/restaurants/${restaurantId}/pause`,
      headers: user.authHeader,
      payload: { minutes },
    });
  const resume = (user: TestUser, restaurantId: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/restaurants/${restaurantId}/pause`, headers: user.authHeader });

  const checkout = async (app: App, kitchen: Kitchen) =>
    sendCashCheckout(app, await createUser(t, { role: 'customer' }), kitchen);

  const publicPause = async (app: App, restaurantId: string) =>
    (await app.inject({ method: 'GET', url: `/api/restaurants/${restaurantId}` })).json().pause;

  it('refuses orders until the pause ends, says until when, and shows it to customers at once on every instance', async () => {
    const kitchen = await openRestaurant(t);
    await t.app.db.update(restaurants).set({ timeZone: 'Africa/Accra' }).where(eq(restaurants.id, kitchen.restaurant.id));
    for (const app of [t.app, other.app]) expect((await checkout(app, kitchen)).statusCode).toBe(201);

    const res = await pause(kitchen.owner, kitchen.restaurant.id, 30);
    expect(res.statusCode, res.body).toBe(200);
    const until: string = res.json().pause.until;
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(Date.parse(until) - Date.now()).toBeLessThanOrEqual(30 * 60_000);

    for (const app of [t.app, other.app]) {
      await expect.poll(() => publicPause(app, kitchen.restaurant.id)).toEqual({ until });
      const refused = await checkout(app, kitchen);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.message).toBe(pausedMessage(until));
    }

    expect((await resume(kitchen.owner, kitchen.restaurant.id)).json()).toEqual({ pause: null });
    for (const app of [t.app, other.app]) {
      await expect.poll(() => publicPause(app, kitchen.restaurant.id)).toBeNull();
      expect((await checkout(app, kitchen)).statusCode).toBe(201);
    }
  });

  it('ends by itself when its time is up', async () => {
    const kitchen = await openRestaurant(t);
    expect((await pause(kitchen.owner, kitchen.restaurant.id, 15)).statusCode).toBe(200);
    expect((await checkout(t.app, kitchen)).statusCode).toBe(422);
    await t.app.db
      .update(restaurants)
      .set({ pauseEndsAt: sql`now() - interval '1 second'` })
      .where(eq(restaurants.id, kitchen.restaurant.id));
    expect((await checkout(t.app, kitchen)).statusCode).toBe(201);
  });

  it('lasts until the owner resumes when no time is given', async () => {
    const kitchen = await openRestaurant(t);
    const res = await pause(kitchen.owner, kitchen.restaurant.id, null);
    expect(res.json()).toEqual({ pause: { until: null } });
    const refused = await checkout(t.app, kitchen);
    expect(refused.json().error.message).toBe(HOURS_MESSAGES.pausedNow(null));
    expect((await resume(kitchen.owner, kitchen.restaurant.id)).statusCode).toBe(200);
    expect((await checkout(t.app, kitchen)).statusCode).toBe(201);
  });

  it.each([45, 0, -15, '15', 1e9, undefined])('refuses a pause of %s minutes with 400', async (minutes) => {
    const kitchen = await openRestaurant(t);
    const res = await pause(kitchen.owner, kitchen.restaurant.id, minutes);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(minutes === undefined ? 'minutes' : PAUSE_MESSAGES.minutes);
    expect(await publicPause(t.app, kitchen.restaurant.id)).toBeNull();
  });

  it("is its owner's alone: another owner's id answers 404, and their restaurant is not paused", async () => {
    const mine = await openRestaurant(t);
    const theirs = await openRestaurant(t);
    expect((await pause(mine.owner, theirs.restaurant.id, 60)).statusCode).toBe(404);
    expect((await pause(mine.owner, theirs.restaurant.id.toUpperCase(), 60)).statusCode).toBe(404);
    expect((await resume(mine.owner, theirs.restaurant.id)).statusCode).toBe(404);
    expect(await publicPause(t.app, theirs.restaurant.id)).toBeNull();
  });

  it('answers the same pause asked twice at once with one pause', async () => {
    const kitchen = await openRestaurant(t);
    const both = await Promise.all([
      pause(kitchen.owner, kitchen.restaurant.id, 15),
      pause(kitchen.owner, kitchen.restaurant.id, 15),
    ]);
    expect(both.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(await publicPause(t.app, kitchen.restaurant.id)).toEqual({ until: expect.any(String) });
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BUSY_MESSAGES } from '@shared/restaurants/busy.js';
import type { App } from '../app.js';
import { restaurants } from '../db/schema.js';
import { openRestaurant, sendCashCheckout, storedOrder } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useSecondInstance, useTestApp } from '../test/app.js';

type Kitchen = Awaited<ReturnType<typeof openRestaurant>>;

describe('marking the kitchen busy from the board', () => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: '1' });
  const other = useSecondInstance(t);

  const markBusy = (user: TestUser, restaurantId: string, minutes: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/restaurants/${restaurantId}/busy`,
      headers: user.authHeader,
      payload: { minutes },
    });
  const clearBusy = (user: TestUser, restaurantId: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/restaurants/${restaurantId}/busy`, headers: user.authHeader });

  const publicBusy = async (app: App, restaurantId: string) =>
    (await app.inject({ method: 'GET', url: `/api/restaurants/${restaurantId}` })).json().busyMinutes;

  /** The preparation minutes a cash order placed now through `app` is written with. */
  const orderedPrepMinutes = async (app: App, kitchen: Kitchen) => {
    const res = await sendCashCheckout(app, await createUser(t, { role: 'customer' }), kitchen);
    expect(res.statusCode, res.body).toBe(201);
    return (await storedOrder(t, res.json().id))?.prepMinutes;
  };

  it('adds its minutes to every new order and shows them to customers at once on every instance, until cleared', async () => {
    const kitchen = await openRestaurant(t);
    await t.app.db.update(restaurants).set({ prepMinutes: 25 }).where(eq(restaurants.id, kitchen.restaurant.id));
    for (const app of [t.app, other.app]) expect(await orderedPrepMinutes(app, kitchen)).toBe(25);

    const res = await markBusy(kitchen.owner, kitchen.restaurant.id, 20);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ busyMinutes: 20 });
    for (const app of [t.app, other.app]) {
      await expect.poll(() => publicBusy(app, kitchen.restaurant.id)).toBe(20);
      expect(await orderedPrepMinutes(app, kitchen)).toBe(45);
    }

    expect((await clearBusy(kitchen.owner, kitchen.restaurant.id)).json()).toEqual({ busyMinutes: 0 });
    for (const app of [t.app, other.app]) {
      await expect.poll(() => publicBusy(app, kitchen.restaurant.id)).toBe(0);
      expect(await orderedPrepMinutes(app, kitchen)).toBe(25);
    }
  });

  it("is an admin's to change too", async () => {
    const kitchen = await openRestaurant(t);
    const admin = await createUser(t, { role: 'admin' });
    expect((await markBusy(admin, kitchen.restaurant.id, 30)).json()).toEqual({ busyMinutes: 30 });
    expect(await publicBusy(t.app, kitchen.restaurant.id)).toBe(30);
    expect((await clearBusy(admin, kitchen.restaurant.id)).json()).toEqual({ busyMinutes: 0 });
  });

  it.each([15, 0, -10, 121, '20', '\u0000', 'busy', null, undefined])(
    'refuses %j minutes with 400, saying which it takes',
    async (minutes) => {
      const kitchen = await openRestaurant(t);
      const res = await markBusy(kitchen.owner, kitchen.restaurant.id, minutes);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(minutes === undefined ? 'minutes' : BUSY_MESSAGES.minutes);
      expect(await publicBusy(t.app, kitchen.restaurant.id)).toBe(0);
    },
  );

  it('refuses a restaurant id that is not one with 400, NUL included', async () => {
    const kitchen = await openRestaurant(t);
    for (const id of ['not-an-id', '%00']) {
      expect((await markBusy(kitchen.owner, id, 10)).statusCode).toBe(400);
      expect((await clearBusy(kitchen.owner, id)).statusCode).toBe(400);
    }
  });

  it("is its owner's alone: another owner's id answers 404 and a manager 403, and the kitchen stays as it was", async () => {
    const mine = await openRestaurant(t);
    const theirs = await openRestaurant(t);
    const manager = await createUser(t, { role: 'manager' });
    expect((await markBusy(mine.owner, theirs.restaurant.id, 10)).statusCode).toBe(404);
    expect((await clearBusy(mine.owner, theirs.restaurant.id)).statusCode).toBe(404);
    expect((await markBusy(manager, theirs.restaurant.id, 10)).statusCode).toBe(403);
    expect((await clearBusy(manager, theirs.restaurant.id)).statusCode).toBe(403);
    expect(await publicBusy(t.app, theirs.restaurant.id)).toBe(0);
  });
});

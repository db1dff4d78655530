import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '@shared/orders/schemas.js';
import type { Page } from '@shared/paging.js';
import { RATING_MESSAGES } from '@shared/ratings/schemas.js';
import { orderRatings } from '../db/schema.js';
import { openRestaurant, placeOrder } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { deliveredOrder, sendRating } from './testRatings.js';

const DAY_MS = 24 * 3600_000;

describe('a customer rating a delivered order', () => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: 'true' });

  async function pastOrders(customer: TestUser) {
    const res = await t.app.inject({ method: 'GET', url: '/api/orders/mine?tab=past', headers: customer.authHeader });
    return res.json<Page<OrderView>>().items;
  }

  it('rates it once, which My Orders shows instead of the offer to rate; a second rating is 409', async () => {
    const kitchen = await openRestaurant(t);
    const { customer, order } = await deliveredOrder(t, kitchen);
    const [offered] = await pastOrders(customer);
    expect(offered?.rating).toMatchObject({ given: null, withRider: true });
    const until = Date.parse(offered?.rating?.openUntil ?? '');
    expect(until - Date.now()).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(7 * DAY_MS);

    const rated = await sendRating(t, customer, order.id, { foodStars: 4, comment: '  Tasty waakye  ', riderThumbsUp: true });
    expect(rated.statusCode, rated.body).toBe(201);
    const given = { foodStars: 4, comment: 'Tasty waakye', riderThumbsUp: true, reply: null };
    expect(rated.json()).toEqual(given);
    const [shown] = await pastOrders(customer);
    expect(shown?.rating).toEqual({ given, openUntil: null, withRider: true });

    const again = await sendRating(t, customer, order.id, { foodStars: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(RATING_MESSAGES.alreadyRated);
  });

  it('keeps one of two ratings sent at once and answers the other 409, never 500', async () => {
    const { customer, order } = await deliveredOrder(t, await openRestaurant(t));
    const answers = await Promise.all([
      sendRating(t, customer, order.id, { foodStars: 5 }),
      sendRating(t, customer, order.id, { foodStars: 2 }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const stored = await t.app.db.select().from(orderRatings).where(eq(orderRatings.orderId, order.id));
    expect(stored).toHaveLength(1);
  });

  it('refuses an order not yet delivered and one delivered more than 7 days ago (422)', async () => {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const placed = await placeOrder(t, customer, kitchen);
    const early = await sendRating(t, customer, placed.id, { foodStars: 5 });
    expect(early.statusCode).toBe(422);
    expect(early.json().error.message).toBe(RATING_MESSAGES.notDelivered);

    const { order } = await deliveredOrder(t, kitchen, { customer, daysAgo: 8 });
    const late = await sendRating(t, customer, order.id, { foodStars: 5 });
    expect(late.statusCode).toBe(422);
    expect(late.json().error.message).toBe(RATING_MESSAGES.windowClosed);
    const past = await pastOrders(customer);
    expect(past.find((row) => row.id === order.id)?.rating).toMatchObject({ given: null, openUntil: null });
  });

  it("answers another customer's order as if it did not exist (404), and refuses everyone but customers (403)", async () => {
    const kitchen = await openRestaurant(t);
    const { order } = await deliveredOrder(t, kitchen);
    const stranger = await createUser(t, { role: 'customer' });
    const refused = await sendRating(t, stranger, order.id, { foodStars: 5 });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(RATING_MESSAGES.orderNotFound);
    expect((await sendRating(t, kitchen.owner, order.id, { foodStars: 5 })).statusCode).toBe(403);
  });

  it('refuses stars that are not a whole number from 1 to 5, a NUL in the comment and a comment over 500 characters (400)', async () => {
    const { customer, order } = await deliveredOrder(t, await openRestaurant(t));
    for (const foodStars of [0, 6, 2.5, '5', null]) {
      const res = await sendRating(t, customer, order.id, { foodStars });
      expect(res.statusCode, `foodStars ${String(foodStars)}`).toBe(400);
    }
    expect((await sendRating(t, customer, order.id, { foodStars: 3, comment: 'Good\u0000food' })).statusCode).toBe(400);
    expect((await sendRating(t, customer, order.id, { foodStars: 3, comment: 'a'.repeat(501) })).statusCode).toBe(400);
    expect((await sendRating(t, customer, order.id, { foodStars: 3, riderThumbsUp: 'yes' })).statusCode).toBe(400);
    expect(await t.app.db.select().from(orderRatings)).toEqual([]);
  });

  it('keeps an empty comment as none, and no thumb for an order no rider brought', async () => {
    const { customer, order } = await deliveredOrder(t, await openRestaurant(t), { withoutRider: true });
    const [offered] = await pastOrders(customer);
    expect(offered?.rating?.withRider).toBe(false);
    const rated = await sendRating(t, customer, order.id, { foodStars: 5, comment: '   ', riderThumbsUp: false });
    expect(rated.statusCode).toBe(201);
    expect(rated.json()).toEqual({ foodStars: 5, comment: null, riderThumbsUp: null, reply: null });
  });

  it('offers no rating on an order still on its way', async () => {
    const customer = await createUser(t, { role: 'customer' });
    await placeOrder(t, customer, await openRestaurant(t));
    const res = await t.app.inject({ method: 'GET', url: '/api/orders/mine?tab=active', headers: customer.authHeader });
    expect(res.json<Page<OrderView>>().items[0]).not.toHaveProperty('rating');
  });
});

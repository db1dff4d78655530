import { describe, expect, it } from 'vitest';
import type { Page } from '@shared/paging.js';
import { RATING_MESSAGES, type AdminReview, type ReviewPage } from '@shared/ratings/schemas.js';
import { restaurantMembers } from '../db/schema.js';
import { openRestaurant } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { deliveredOrder, sendRating } from './testRatings.js';

describe('reviews: the catalog, the owner and moderation', () => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: 'true' });

  type Kitchen = Awaited<ReturnType<typeof openRestaurant>>;

  /** Each of `stars` as the rating of a delivered order of a customer named 'Ama Mensah'; their order ids in the same order. */
  async function rated(kitchen: Kitchen, stars: number[], comment?: string) {
    const customer = await createUser(t, { role: 'customer', fullName: 'Ama  Mensah' });
    const ids: string[] = [];
    for (const foodStars of stars) {
      const { order } = await deliveredOrder(t, kitchen, { customer });
      const res = await sendRating(t, customer, order.id, { foodStars, comment });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(order.id);
    }
    return ids;
  }

  const publicRating = async (restaurantId: string) => {
    const listed = await t.app.inject({ method: 'GET', url: '/api/restaurants' });
    const one = await t.app.inject({ method: 'GET', url: `/api/restaurants/${restaurantId}` });
    const fromList = listed.json<{ id: string; rating: unknown }[]>().find((row) => row.id === restaurantId)?.rating;
    expect(one.json().rating).toEqual(fromList);
    return fromList;
  };

  const reviewsOf = (user: TestUser, restaurantId: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/restaurants/${restaurantId}/reviews${query}`, headers: user.authHeader });
  const replyAs = (user: TestUser, restaurantId: string, orderId: string, text: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/restaurants/${restaurantId}/reviews/${orderId}/reply`,
      headers: user.authHeader,
      payload: { text },
    });
  const moderate = (user: TestUser, orderId: string, action: 'hide' | 'show') =>
    t.app.inject({ method: 'POST', url: `/api/admin/reviews/${orderId}/${action}`, headers: user.authHeader });

  it("the cached catalog says 'New' until the fifth rating, then the average and count; a hidden rating drops out", async () => {
    const kitchen = await openRestaurant(t);
    const admin = await createUser(t, { role: 'admin' });
    expect(await publicRating(kitchen.restaurant.id)).toBeNull();

    await rated(kitchen, [5, 4, 4, 3]);
    expect(await publicRating(kitchen.restaurant.id)).toBeNull();
    await rated(kitchen, [5]);
    expect(await publicRating(kitchen.restaurant.id)).toEqual({ average: 4.2, count: 5 });
    const [abusive] = await rated(kitchen, [1]);
    expect(await publicRating(kitchen.restaurant.id)).toEqual({ average: 3.7, count: 6 });

    expect((await moderate(admin, abusive!, 'hide')).statusCode).toBe(200);
    expect(await publicRating(kitchen.restaurant.id)).toEqual({ average: 4.2, count: 5 });
    expect((await moderate(admin, abusive!, 'show')).statusCode).toBe(200);
    expect(await publicRating(kitchen.restaurant.id)).toEqual({ average: 3.7, count: 6 });
  });

  it('the owner reads the reviews newest first, a page at a time, by first name, with the tally', async () => {
    const kitchen = await openRestaurant(t);
    const ids = await rated(kitchen, [5, 4, 2], 'Good portions');
    const first = await reviewsOf(kitchen.owner, kitchen.restaurant.id, '?limit=2');
    expect(first.statusCode).toBe(200);
    const page = first.json<ReviewPage>();
    expect(page.items.map((review) => review.orderId)).toEqual([ids[2], ids[1]]);
    expect(page.items[0]).toMatchObject({
      foodStars: 2,
      comment: 'Good portions',
      customerFirstName: 'Ama',
      reply: null,
      hidden: false,
    });
    expect(page.items[0]).not.toHaveProperty('riderThumbsUp');
    expect(page.tally).toEqual({ count: 3, average: 3.7 });
    const next = await reviewsOf(kitchen.owner, kitchen.restaurant.id, `?limit=2&cursor=${page.nextCursor}`);
    expect(next.json<ReviewPage>()).toMatchObject({ items: [{ orderId: ids[0] }], nextCursor: null });
  });

  it('shows an empty list and no average before the first review', async () => {
    const kitchen = await openRestaurant(t);
    expect((await reviewsOf(kitchen.owner, kitchen.restaurant.id)).json()).toEqual({
      items: [],
      nextCursor: null,
      tally: { count: 0, average: null },
    });
  });

  it('the owner replies once, which the customer then sees; a second reply is 409', async () => {
    const kitchen = await openRestaurant(t);
    const { customer, order } = await deliveredOrder(t, kitchen);
    expect((await sendRating(t, customer, order.id, { foodStars: 3, comment: 'Cold' })).statusCode).toBe(201);

    const replied = await replyAs(kitchen.owner, kitchen.restaurant.id, order.id, ' Sorry, we will keep it hot. ');
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json()).toMatchObject({ orderId: order.id, reply: 'Sorry, we will keep it hot.' });
    const again = await replyAs(kitchen.owner, kitchen.restaurant.id, order.id, 'Second thoughts');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(RATING_MESSAGES.alreadyReplied);

    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: customer.authHeader });
    expect(mine.json().rating.given.reply).toBe('Sorry, we will keep it hot.');
  });

  it('refuses an empty or over-long reply (400), and a review of another restaurant (404)', async () => {
    const kitchen = await openRestaurant(t);
    const [orderId] = await rated(kitchen, [4]);
    expect((await replyAs(kitchen.owner, kitchen.restaurant.id, orderId!, '   ')).statusCode).toBe(400);
    expect((await replyAs(kitchen.owner, kitchen.restaurant.id, orderId!, 'a'.repeat(501))).statusCode).toBe(400);

    const other = await openRestaurant(t);
    const elsewhere = await replyAs(other.owner, other.restaurant.id, orderId!, 'Not ours');
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error.message).toBe(RATING_MESSAGES.reviewNotFound);
  });

  it("a manager reads the restaurant's reviews but may not reply (403); another owner may neither (404)", async () => {
    const kitchen = await openRestaurant(t);
    const [orderId] = await rated(kitchen, [5]);
    const manager = await createUser(t, { role: 'manager' });
    await t.app.db.insert(restaurantMembers).values({ restaurantId: kitchen.restaurant.id, userId: manager.userId });
    expect((await reviewsOf(manager, kitchen.restaurant.id)).statusCode).toBe(200);
    expect((await replyAs(manager, kitchen.restaurant.id, orderId!, 'Thanks!')).statusCode).toBe(403);

    const otherOwner = (await openRestaurant(t)).owner;
    expect((await reviewsOf(otherOwner, kitchen.restaurant.id)).statusCode).toBe(404);
    expect((await replyAs(otherOwner, kitchen.restaurant.id, orderId!, 'Thanks!')).statusCode).toBe(404);
  });

  it('an admin lists the latest reviews, hides an abusive one and shows it again; the owner sees it marked hidden', async () => {
    const kitchen = await openRestaurant(t);
    const admin = await createUser(t, { role: 'admin' });
    const [orderId] = await rated(kitchen, [1], 'Abusive words');

    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/reviews', headers: admin.authHeader });
    expect(listed.json<Page<AdminReview>>().items[0]).toMatchObject({
      orderId,
      restaurantName: kitchen.restaurant.name,
      hidden: false,
    });
    const hidden = await moderate(admin, orderId!, 'hide');
    expect(hidden.json()).toMatchObject({ orderId, hidden: true });
    const twice = await moderate(admin, orderId!, 'hide');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(RATING_MESSAGES.alreadyHidden);
    const owners = (await reviewsOf(kitchen.owner, kitchen.restaurant.id)).json<ReviewPage>();
    expect(owners.items[0]).toMatchObject({ orderId, hidden: true });
    expect(owners.tally).toEqual({ count: 0, average: null });

    expect((await moderate(admin, orderId!, 'show')).json()).toMatchObject({ hidden: false });
    expect((await moderate(admin, orderId!, 'show')).statusCode).toBe(409);
    expect((await moderate(admin, '00000000-0000-4000-8000-000000000000', 'hide')).statusCode).toBe(404);
  });

  it('refuses hiding to everyone but admins (403)', async () => {
    const kitchen = await openRestaurant(t);
    const [orderId] = await rated(kitchen, [1]);
    for (const user of [kitchen.owner, await createUser(t, { role: 'customer' }), await createUser(t, { role: 'manager' })]) {
      expect((await moderate(user, orderId!, 'hide')).statusCode).toBe(403);
    }
  });
});

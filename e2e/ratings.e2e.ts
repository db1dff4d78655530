import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { BrowserContextOptions } from '@playwright/test';
import { orderViewSchema } from '@shared/orders/schemas.js';
import { RATING_MESSAGES } from '@shared/ratings/schemas.js';
import { orders } from '../src/server/db/schema.js';
import { insertMenuItem, insertRestaurant } from '../src/server/restaurants/testFixtures.js';
import { createAccount, createDriver } from './support/accounts.js';
import { callApi } from './support/api.js';
import { imageFiles } from './support/files.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { snapshot } from './support/screenshots.js';
import { expect, onOwnServer } from './support/test.js';
import { appears } from './support/toasts.js';

// Its own server: the order is delivered by writing the row, as no rider takes it in this journey.
const own = onOwnServer();
const test = own.test;

/** The phone the issue asks these journeys to work on. */
const PHONE_390: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test.describe('ratings', () => {
  test('a customer rates a delivered order with stars, a comment and a thumb for the rider; the owner reads it and replies once', async ({
    signedIn,
  }) => {
    const server = await own.server();
    const name = `Osu Waakye Joint ${randomUUID().slice(0, 6)}`;
    const owner = await createAccount(server.origin, 'restaurant', { avatar: (await imageFiles()).profilePicture });
    const restaurant = await insertRestaurant(server.app.db, { ownerId: owner.session.user.id, name });
    const dish = await insertMenuItem(server.app.db, { restaurantId: restaurant.id, name: 'Waakye', price: 3000 });
    const customer = await createAccount(server.origin, 'customer');
    const rider = await createDriver(server.origin);
    const order = orderViewSchema.parse(
      await callApi(server.origin, '/api/orders', customer.session.accessToken, {
        method: 'POST',
        body: {
          orderId: randomUUID(),
          restaurantId: restaurant.id,
          items: [{ menuItemId: dish.id, quantity: 1 }],
          deliveryAddress: '12 Oxford Street, Osu',
          deliveryPhone: '+233 24 123 4567',
          paymentMethod: 'cash',
        },
      }),
    );
    await server.app.db
      .update(orders)
      .set({ status: 'delivered', driverId: rider.session.user.id, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));

    const shopper = await signedIn(customer, '/customer', PHONE_390);
    await shopper.goto('/customer/orders');
    const past = shopper.getByRole('region', { name: 'Past orders' });
    await past.getByRole('button', { name: `Rate your order from ${name}` }).click();
    const dialog = shopper.getByRole('dialog', { name: 'Rate your order' });
    await dialog.getByRole('radio', { name: '4 stars' }).click();
    await dialog.getByLabel('Comment (optional)').fill('Generous portion, still hot');
    await dialog.getByRole('radio', { name: 'Thumbs up' }).click();
    await expectPhoneReady(shopper);
    await snapshot(shopper, 'ratings-dialog-390');
    const thanked = appears(shopper.getByText(RATING_MESSAGES.rated));
    await dialog.getByRole('button', { name: 'Send rating' }).click();
    await thanked;
    const given = past.getByRole('region', { name: 'Your rating' });
    await expect(given.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
    await expect(given.getByText('Thumbs up for the rider')).toBeVisible();
    await expect(past.getByRole('button', { name: `Rate your order from ${name}` })).toHaveCount(0);
    await expectPhoneReady(shopper);
    await snapshot(shopper, 'ratings-given-390');

    const kitchen = await signedIn(owner, '/restaurant', PHONE_390);
    await kitchen.getByRole('link', { name: 'Reviews' }).click();
    await expect(kitchen).toHavePath('/restaurant/manager/reviews');
    const firstName = customer.fullName.split(' ')[0] ?? '';
    const review = kitchen.getByRole('article', { name: `${firstName}, 4 out of 5` });
    await expect(review.getByText('Generous portion, still hot')).toBeVisible();
    await review.getByLabel('Your reply').fill('Thank you! Come again.');
    const replied = appears(kitchen.getByText(RATING_MESSAGES.replied));
    await review.getByRole('button', { name: 'Post reply' }).click();
    await replied;
    await expect(review.getByText('Thank you! Come again.')).toBeVisible();
    await expect(review.getByLabel('Your reply')).toHaveCount(0);
    await expectPhoneReady(kitchen);
    await snapshot(kitchen, 'ratings-reviews-390');

    await shopper.reload();
    await expect(past.getByText('Thank you! Come again.')).toBeVisible();
  });
});

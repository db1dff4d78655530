import { count } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CardIntentView } from '@shared/payments/schemas.js';
import { orders } from '../db/schema.js';
import { insertMenuItem, insertRestaurant } from '../restaurants/testFixtures.js';
import { createUser, type TestUser } from '../test/accounts.js';
import type { TestContext } from '../test/app.js';
import type { PaystackStandIn } from '../test/paystack.js';

/** The card checkout scene API tests share: a kitchen, a customer's intent, and the payment routes. */
export function cardScene(t: TestContext) {
  async function openKitchen(fields: { currencySymbol?: string; country?: string } = {}) {
    const owner = await createUser(t, { role: 'restaurant' });
    const restaurant = await insertRestaurant(t.app.db, { ownerId: owner.userId, ...fields });
    const jollof = await insertMenuItem(t.app.db, { restaurantId: restaurant.id, name: 'Jollof Rice', price: 4550 });
    const kelewele = await insertMenuItem(t.app.db, { restaurantId: restaurant.id, name: 'Kelewele', price: 1999 });
    return { owner, restaurant, jollof, kelewele };
  }

  const cart = (restaurantId: string, items: object[], extra: object = {}) => ({
    restaurantId,
    items,
    deliveryAddress: '4 Ring Road, Accra',
    deliveryPhone: '+233 24 555 0101',
    ...extra,
  });

  const startIntent = (user: TestUser | undefined, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/payments/card/intents', headers: user?.authHeader, payload });

  const verify = (user: TestUser | undefined, reference: string) =>
    t.app.inject({ method: 'POST', url: `/api/payments/card/intents/${reference}/verify`, headers: user?.authHeader });

  const webhook = (body: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-paystack-signature': signature } : {}) },
      payload: body,
    });

  /** A customer with a card intent for two Jollof and one Kelewele (11 099 minor units). */
  async function intentScene() {
    const kitchen = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });
    const res = await startIntent(
      customer,
      cart(kitchen.restaurant.id, [
        { menuItemId: kitchen.jollof.id, quantity: 2 },
        { menuItemId: kitchen.kelewele.id, quantity: 1 },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    return { ...kitchen, customer, intent: res.json<CardIntentView>() };
  }

  /** intentScene's intent paid at `paystack` and verified: a pending order paid by card (11 099 minor units). */
  async function paidOrder(paystack: Pick<PaystackStandIn, 'pay'>) {
    const scene = await intentScene();
    paystack.pay(scene.intent.reference);
    const res = await verify(scene.customer, scene.intent.reference);
    expect(res.statusCode, res.body).toBe(200);
    return { ...scene, orderId: res.json<{ id: string }>().id };
  }

  const orderCount = async () => (await t.app.db.select({ n: count() }).from(orders))[0]?.n ?? 0;
  return { openKitchen, cart, startIntent, verify, webhook, intentScene, paidOrder, orderCount };
}

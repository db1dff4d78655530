import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES } from '@shared/delivery/fees.js';
import type { OrderView } from '@shared/orders/schemas.js';
import type { CardIntentView } from '@shared/payments/schemas.js';
import { commissionSettings, deliveryPricing, orders, payments } from '../db/schema.js';
import { createUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { paystackTestConfig, usePaystackStandIn } from '../test/paystack.js';
import { cardScene } from './testCard.js';

describe('a card checkout with a delivery fee and a tip', () => {
  const paystack = usePaystackStandIn();
  const t = useTestApp(() => paystackTestConfig(paystack));
  const { openKitchen, cart, startIntent, verify } = cardScene(t);

  /** GH₵8.00 for a delivery next door (the base fee), the platform keeping 20 % of it. */
  async function pricedKitchen() {
    await t.app.db.update(commissionSettings).set({ deliveryShareBps: 2000 });
    await t.app.db
      .insert(deliveryPricing)
      .values({ currencySymbol: 'GH₵', baseFee: 800, perKmFee: 150, includedMeters: 3000, maxMeters: 15_000 });
    const kitchen = await openKitchen();
    const nextDoor = { deliveryLatitude: kitchen.restaurant.latitude, deliveryLongitude: kitchen.restaurant.longitude };
    return { ...kitchen, nextDoor };
  }

  it('charges the card the food, the fee and the tip, and the order keeps each', async () => {
    const { restaurant, jollof, nextDoor } = await pricedKitchen();
    const customer = await createUser(t, { role: 'customer' });
    const started = await startIntent(
      customer,
      cart(restaurant.id, [{ menuItemId: jollof.id, quantity: 1 }], { ...nextDoor, tipAmount: 300, deliveryFee: 800 }),
    );
    expect(started.statusCode, started.body).toBe(201);
    const intent = started.json<CardIntentView>();
    expect(intent.amount).toBe(4550 + 800 + 300);
    expect(paystack.transactions.get(intent.reference)?.amount).toBe(5650);

    paystack.pay(intent.reference);
    const res = await verify(customer, intent.reference);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json<OrderView>();
    expect(order).toMatchObject({ subtotalAmount: 4550, deliveryFee: 800, tipAmount: 300, totalAmount: 5650 });
    const [row] = await t.app.db
      .select({ fee: orders.deliveryFee, share: orders.deliveryShare, tip: orders.tipAmount, paid: payments.amount })
      .from(orders)
      .innerJoin(payments, eq(payments.orderId, orders.id))
      .where(eq(orders.id, order.id));
    expect(row).toEqual({ fee: 800, share: 160, tip: 300, paid: 5650 });
  });

  it('records the channel Paystack reports, so that statements say how the order was paid', async () => {
    const { restaurant, jollof, nextDoor } = await pricedKitchen();
    const customer = await createUser(t, { role: 'customer' });
    const intent = (
      await startIntent(customer, cart(restaurant.id, [{ menuItemId: jollof.id, quantity: 1 }], nextDoor))
    ).json<CardIntentView>();
    paystack.pay(intent.reference, { channel: 'mobile_money' });
    const order = (await verify(customer, intent.reference)).json<OrderView>();
    const [payment] = await t.app.db.select({ channel: payments.channel }).from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toEqual({ channel: 'mobile_money' });
  });

  it('keeps the fee agreed when the intent was made, though the pricing changes before the payment lands', async () => {
    const { restaurant, jollof, nextDoor } = await pricedKitchen();
    const customer = await createUser(t, { role: 'customer' });
    const intent = (
      await startIntent(customer, cart(restaurant.id, [{ menuItemId: jollof.id, quantity: 1 }], nextDoor))
    ).json<CardIntentView>();
    await t.app.db.update(deliveryPricing).set({ baseFee: 2000 });
    paystack.pay(intent.reference);
    const order = (await verify(customer, intent.reference)).json<OrderView>();
    expect(order).toMatchObject({ deliveryFee: 800, totalAmount: 5350 });
  });

  it('refuses to start a payment for a fee the server did not quote, or without a delivery pin, and asks Paystack nothing', async () => {
    const { restaurant, jollof, nextDoor } = await pricedKitchen();
    const customer = await createUser(t, { role: 'customer' });
    const items = [{ menuItemId: jollof.id, quantity: 1 }];
    const tampered = await startIntent(customer, cart(restaurant.id, items, { ...nextDoor, deliveryFee: 0 }));
    expect(tampered.statusCode).toBe(409);
    expect(tampered.json().error.message).toBe(DELIVERY_MESSAGES.feeChanged(800, 'GH₵'));
    const unpinned = await startIntent(customer, cart(restaurant.id, items));
    expect(unpinned.statusCode).toBe(422);
    expect(unpinned.json().error.message).toBe(DELIVERY_MESSAGES.needsPin);
    expect(paystack.transactions.size).toBe(0);
  });
});

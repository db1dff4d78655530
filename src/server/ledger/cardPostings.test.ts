import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, payments } from '../db/schema.js';
import { cardScene } from '../payments/testCard.js';
import { forceStatus, openRestaurant, placeOrder, riderDelivers } from '../orders/testOrders.js';
import { createUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { paystackTestConfig, usePaystackStandIn } from '../test/paystack.js';
import { balanceOf } from './balances.js';
import { postOrderPaid, postOrderRefunded } from './orderPostings.js';
import { expectLedgerBalanced, orderPostings } from './testLedger.js';

describe('a card order on the ledger: paid into Paystack for the customer, then delivered or refunded', () => {
  const paystack = usePaystackStandIn();
  const t = useTestApp(() => paystackTestConfig(paystack));
  const { verify, intentScene } = cardScene(t);

  /**
   * A card order paid through Paystack (the stand-in), with order_paid posted by the payment's own
   * transaction; posting it again here writes nothing.
   */
  async function paidOrder() {
    const scene = await intentScene();
    paystack.pay(scene.intent.reference);
    const res = await verify(scene.customer, scene.intent.reference);
    expect(res.statusCode, res.body).toBe(200);
    const orderId = res.json<{ id: string }>().id;
    await t.app.db.transaction((tx) => postOrderPaid(tx, orderId));
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, orderId));
    const charge = order!.totalAmount + order!.deliveryFee + order!.tipAmount;
    return { ...scene, orderId, order: order!, charge };
  }

  const cancel = (headers: Record<string, string>, orderId: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}/status`, headers, payload: { status: 'cancelled' } });
  const close = (headers: Record<string, string>, orderId: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/close`, headers, payload });
  const fundsAndPaystack = async () => [
    await balanceOf(t.app.db, 'customer_funds', null, 'GH₵'),
    await balanceOf(t.app.db, 'paystack', null, 'GH₵'),
  ];

  it('paid: Paystack holds the whole charge for the customer, posted once', async () => {
    const { orderId, charge } = await paidOrder();
    expect(charge).toBe(11_099);
    expect(await t.app.db.transaction((tx) => postOrderPaid(tx, orderId))).toBeUndefined();
    const postings = await orderPostings(t.app.db, orderId);
    expect(postings).toHaveLength(1);
    expect(postings[0]).toMatchObject({
      kind: 'order_paid',
      entries: [
        { account: 'paystack', ownerId: null, currencySymbol: 'GH₵', amount: charge },
        { account: 'customer_funds', ownerId: null, currencySymbol: 'GH₵', amount: -charge },
      ],
    });
    expect(await fundsAndPaystack()).toEqual([-charge, charge]);
    await expectLedgerBalanced(t.app.db);
  });

  it('cancelled by the kitchen after payment: order_refunded gives the charge back from the customer’s funds to Paystack', async () => {
    const { owner, orderId, charge } = await paidOrder();
    expect((await cancel(owner.authHeader, orderId)).statusCode).toBe(200);

    const postings = await orderPostings(t.app.db, orderId);
    expect(postings.map((posting) => posting.kind)).toEqual(['order_paid', 'order_refunded']);
    expect(postings[1]!.entries).toEqual([
      { account: 'customer_funds', ownerId: null, currencySymbol: 'GH₵', amount: charge },
      { account: 'paystack', ownerId: null, currencySymbol: 'GH₵', amount: -charge },
    ]);
    expect(await fundsAndPaystack()).toEqual([0, 0]);
    expect(await t.app.db.transaction((tx) => postOrderRefunded(tx, orderId))).toBeUndefined();
    await expectLedgerBalanced(t.app.db);
  });

  it('delivered: the charge leaves the customer’s funds for the restaurant, the platform and the rider', async () => {
    const { orderId, order, charge, restaurant } = await paidOrder();
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    await forceStatus(t, orderId, 'picked_up', driver.userId);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/deliver`,
      headers: driver.authHeader,
      payload: { code: order.deliveryCode },
    });
    expect(res.statusCode, res.body).toBe(200);

    const [, delivered] = await orderPostings(t.app.db, orderId);
    expect(delivered!.kind).toBe('order_delivered');
    expect(delivered!.entries[0]).toEqual({ account: 'customer_funds', ownerId: null, currencySymbol: 'GH₵', amount: charge });
    expect(delivered!.entries).toContainEqual({
      account: 'restaurant',
      ownerId: restaurant.id,
      currencySymbol: 'GH₵',
      amount: -order.restaurantPayout,
    });
    expect(await fundsAndPaystack()).toEqual([0, charge]);
    expect(await balanceOf(t.app.db, 'restaurant', restaurant.id, 'GH₵')).toBe(-order.restaurantPayout);
    expect(await balanceOf(t.app.db, 'commission', null, 'GH₵')).toBe(-order.commissionAmount);
    await expectLedgerBalanced(t.app.db);
  });

  it('closed as cancelled by support: refunded in full posts the refund; a payment kept goes to the restaurant and the platform', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const refunded = await paidOrder();
    const kept = await paidOrder();
    const reason = 'The customer called support';
    expect((await close(admin.authHeader, refunded.orderId, { outcome: 'cancelled', reason, refund: 'full' })).statusCode).toBe(
      200,
    );
    expect((await close(admin.authHeader, kept.orderId, { outcome: 'cancelled', reason, refund: 'none' })).statusCode).toBe(200);

    expect((await orderPostings(t.app.db, refunded.orderId)).map((posting) => posting.kind)).toEqual([
      'order_paid',
      'order_refunded',
    ]);
    expect((await orderPostings(t.app.db, kept.orderId)).map((posting) => posting.kind)).toEqual(['order_paid', 'payment_kept']);
    // The refunded charge went back to Paystack; the kept one left the customer's funds for the restaurant and the platform.
    expect(await fundsAndPaystack()).toEqual([0, kept.charge]);
    expect(await balanceOf(t.app.db, 'restaurant', kept.restaurant.id, 'GH₵')).toBe(-kept.order.restaurantPayout);
    expect(await balanceOf(t.app.db, 'delivery_share', null, 'GH₵')).toBe(0 - kept.order.deliveryFee - kept.order.tipAmount);
    await expectLedgerBalanced(t.app.db);
  });

  it('a card order paid before the ledger existed (no order_paid) is delivered out of Paystack’s account', async () => {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    const order = await placeOrder(t, customer, kitchen);
    await t.app.db
      .update(payments)
      .set({ paymentMethod: 'paystack-card', paymentStatus: 'completed' })
      .where(eq(payments.orderId, order.id));
    await riderDelivers(t, driver, order);
    const [delivered] = await orderPostings(t.app.db, order.id);
    expect(delivered!.entries[0]).toEqual({ account: 'paystack', ownerId: null, currencySymbol: 'GH₵', amount: 2500 });
    expect(await fundsAndPaystack()).toEqual([0, 2500]);
    await expectLedgerBalanced(t.app.db);
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DRIVER_MESSAGES, MAX_CODE_ATTEMPTS } from '@shared/drivers/schemas.js';
import { topics, type RealtimeEvent } from '@shared/realtime/events.js';
import { deliveryCodeAttempts, emailOutbox, orders } from '../db/schema.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { forceStatus, openRestaurant, placeOrder } from './testOrders.js';
import { listenForEvents } from '../test/raisedEvents.js';

describe("completing a delivery with the customer's code: every attempt recorded, locked after five wrong ones", () => {
  const t = useTestApp();

  const deliver = (user: TestUser, orderId: string, code: string) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/deliver`, headers: user.authHeader, payload: { code } });
  const unlock = (user: TestUser, orderId: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/unlock-code`, headers: user.authHeader });

  const attempts = (orderId: string) =>
    t.app.db
      .select({ succeeded: deliveryCodeAttempts.succeeded, driverId: deliveryCodeAttempts.driverId })
      .from(deliveryCodeAttempts)
      .where(eq(deliveryCodeAttempts.orderId, orderId));
  const stored = async (orderId: string) =>
    (
      await t.app.db
        .select({ status: orders.status, locked: orders.deliveryCodeLocked })
        .from(orders)
        .where(eq(orders.id, orderId))
    )[0];

  /** An order its driver has picked up, and a code that is not its code. */
  async function pickedUp() {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    const order = await placeOrder(t, customer, kitchen);
    await forceStatus(t, order.id, 'picked_up', driver.userId);
    const code = order.deliveryCode!;
    const wrong = code === '000000' ? '000001' : '000000';
    return { ...kitchen, customer, driver, order, code, wrong };
  }

  const refusal = (res: { statusCode: number; json(): { error: { message: string } } }) => [
    res.statusCode,
    res.json().error.message,
  ];
  const INVALID = [422, DRIVER_MESSAGES.invalidCode];
  const LAST_TRY = [422, DRIVER_MESSAGES.invalidCodeLastTry];
  const LOCKED = [409, DRIVER_MESSAGES.codeLocked];
  /** What each wrong code of a row of five is answered: wrong, wrong, wrong, the last try, locked. */
  const FIVE_WRONG = [INVALID, INVALID, INVALID, LAST_TRY, LOCKED];

  it('delivers with the right code: the customer hears of it live and by email, and the attempt is recorded', async () => {
    const { order, driver, customer, code } = await pickedUp();
    const events: RealtimeEvent[] = [];
    const stop = await listenForEvents(t.database, (event) => events.push(event));
    try {
      const res = await deliver(driver, order.id, code);

      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: order.id, status: 'delivered', statusLabel: 'Delivered', driverId: driver.userId });
      await expect.poll(() => events.some((event) => event.topic === topics.order(order.id))).toBe(true);
      expect(events.find((event) => event.topic === topics.order(order.id))).toMatchObject({
        type: 'order.status',
        status: 'delivered',
      });
    } finally {
      await stop();
    }
    expect(await stored(order.id)).toEqual({ status: 'delivered', locked: false });
    expect(await attempts(order.id)).toEqual([{ succeeded: true, driverId: driver.userId }]);
    const mails = await t.app.db.select().from(emailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.toAddress).toBe(customer.email);
    expect(mails[0]?.subject).toMatch(/delivered/i);
  });

  it('refuses a wrong code with 422 and records it, the order staying out for delivery', async () => {
    const { order, driver, wrong } = await pickedUp();

    expect(refusal(await deliver(driver, order.id, wrong))).toEqual(INVALID);

    expect(await stored(order.id)).toEqual({ status: 'picked_up', locked: false });
    expect(await attempts(order.id)).toEqual([{ succeeded: false, driverId: driver.userId }]);
  });

  it('warns at the fourth wrong code and locks the order at the fifth, saying so; from then on even the right code is refused, and recorded', async () => {
    const { order, driver, code, wrong } = await pickedUp();

    expect(MAX_CODE_ATTEMPTS).toBe(FIVE_WRONG.length);
    for (const [n, answer] of FIVE_WRONG.entries())
      expect(refusal(await deliver(driver, order.id, wrong)), `attempt ${n + 1}`).toEqual(answer);
    expect(await stored(order.id)).toEqual({ status: 'picked_up', locked: true });
    expect(refusal(await deliver(driver, order.id, code))).toEqual(LOCKED);

    expect(await stored(order.id)).toEqual({ status: 'picked_up', locked: true });
    const recorded = await attempts(order.id);
    expect(recorded).toHaveLength(MAX_CODE_ATTEMPTS + 1);
    expect(recorded.every((attempt) => !attempt.succeeded)).toBe(true);
    const deliveries = await t.app.inject({ method: 'GET', url: '/api/orders/deliveries', headers: driver.authHeader });
    expect(deliveries.json().items[0]).toMatchObject({ id: order.id, codeLocked: true });
  });

  it('of ten wrong codes sent at once, exactly five count as wrong, the fifth locking the order, and the rest find it locked', async () => {
    const { order, driver, wrong } = await pickedUp();

    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(driver, order.id, wrong)));

    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array(6).fill(409), ...Array(4).fill(422)]);
    expect(await attempts(order.id)).toHaveLength(10);
    expect(await stored(order.id)).toEqual({ status: 'picked_up', locked: true });
  });

  it("lets only the order's own driver try a code, and records nothing for anyone else or before pick-up", async () => {
    const { order, code, customer, owner } = await pickedUp();
    const rival = await createUser(t, { role: 'driver', verifiedDriver: true });
    const admin = await createUser(t, { role: 'admin' });

    expect((await deliver(rival, order.id, code)).statusCode).toBe(404);
    expect((await deliver(customer, order.id, code)).statusCode).toBe(403);
    expect((await deliver(owner, order.id, code)).statusCode).toBe(403);
    expect((await deliver(admin, order.id, code)).statusCode).toBe(403);
    const early = await pickedUp();
    await forceStatus(t, early.order.id, 'accepted');
    expect((await deliver(early.driver, early.order.id, early.code)).statusCode).toBe(422);

    expect(await stored(order.id)).toEqual({ status: 'picked_up', locked: false });
    expect(await attempts(order.id)).toEqual([]);
    expect(await attempts(early.order.id)).toEqual([]);
  });

  it('refuses a code that is not 6 digits with 400, without counting it', async () => {
    const { order, driver } = await pickedUp();
    for (const code of ['12345', '1234567', '12a456', '']) {
      const res = await deliver(driver, order.id, code);
      expect(res.statusCode, code).toBe(400);
      expect(res.body).toContain('The delivery code is 6 digits');
    }
    expect(await attempts(order.id)).toEqual([]);
  });

  it('lets an admin alone unlock a locked code: the history stays and five more wrong codes lock it again', async () => {
    const { order, driver, code, wrong, customer } = await pickedUp();
    const admin = await createUser(t, { role: 'admin' });
    for (let n = 0; n < MAX_CODE_ATTEMPTS; n++) await deliver(driver, order.id, wrong);
    expect((await stored(order.id))?.locked).toBe(true);

    for (const refused of [driver, customer]) expect((await unlock(refused, order.id)).statusCode).toBe(403);
    expect((await stored(order.id))?.locked).toBe(true);
    expect((await unlock(admin, order.id)).statusCode).toBe(204);
    expect((await stored(order.id))?.locked).toBe(false);
    expect(await attempts(order.id)).toHaveLength(MAX_CODE_ATTEMPTS);

    for (const answer of FIVE_WRONG.slice(0, -1)) expect(refusal(await deliver(driver, order.id, wrong))).toEqual(answer);
    expect((await stored(order.id))?.locked).toBe(false);
    expect(refusal(await deliver(driver, order.id, wrong))).toEqual(LOCKED);
    expect((await stored(order.id))?.locked).toBe(true);

    expect((await unlock(admin, order.id)).statusCode).toBe(204);
    expect((await unlock(admin, order.id)).statusCode).toBe(204);
    expect((await deliver(driver, order.id, code)).statusCode).toBe(200);
    expect(await attempts(order.id)).toHaveLength(2 * MAX_CODE_ATTEMPTS + 1);
    expect((await unlock(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, orders } from '../db/schema.js';
import { moveOrder } from '../orders/moves.js';
import { forceStatus, openRestaurant, placeOrder } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { startLocalSmtpServer, type LocalSmtpServer } from '../test/localSmtpServer.js';
import { retriesDueNow, waitForJobs } from '../test/jobs.js';

describe('order emails: the customer hears of each move, queued with it and sent after it', () => {
  let smtp: LocalSmtpServer;
  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
  });
  afterAll(() => smtp.close());
  const t = useTestApp(() => ({ SMTP_URL: smtp.url, MAIL_FROM: 'ChopChop <no-reply@chopchop.test>' }));

  const move = (user: TestUser, orderId: string, status: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}/status`, headers: user.authHeader, payload: { status } });

  const outbox = () => t.app.db.select().from(emailOutbox).orderBy(emailOutbox.createdAt);
  const statusOf = async (orderId: string) =>
    (await t.app.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;

  async function scene() {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer', fullName: 'Ama Mensah' });
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    const order = await placeOrder(t, customer, kitchen);
    return { ...kitchen, customer, driver, order };
  }

  it('queues exactly one email to the customer for confirmed, ready, picked up, delivered and cancelled, none for the other moves, and sends each', async () => {
    const { owner, customer, driver, order, restaurant, dish } = await scene();
    const other = await placeOrder(t, customer, { restaurant, dish });
    await forceStatus(t, order.id, 'pending');
    await forceStatus(t, other.id, 'pending');
    const before = smtp.mails.length;

    for (const [user, to] of [
      [owner, 'confirmed'],
      [owner, 'preparing'],
      [owner, 'ready'],
      [driver, 'accepted'],
      [driver, 'picked_up'],
    ] as const) {
      expect((await move(user, order.id, to)).statusCode, to).toBe(200);
    }
    await moveOrder(t.app, { userId: driver.userId, role: 'driver' }, order.id, 'delivered', async () => undefined);
    expect((await move(owner, other.id, 'cancelled')).statusCode).toBe(200);

    const shortId = order.id.slice(0, 8);
    const queued = await outbox();
    expect(queued.map((row) => row.subject)).toEqual([
      `Your order #${shortId} from ${restaurant.name} is confirmed`,
      `Your order #${shortId} from ${restaurant.name} is ready`,
      `Your order #${shortId} from ${restaurant.name} is on its way`,
      `Your order #${shortId} from ${restaurant.name} has been delivered`,
      `Your order #${other.id.slice(0, 8)} from ${restaurant.name} has been cancelled`,
    ]);
    expect(new Set(queued.map((row) => row.toAddress))).toEqual(new Set([customer.email]));
    expect(queued[0]!.body).toContain('Hello Ama Mensah,');
    expect(queued[0]!.body).toContain('What you ordered:\n1 × Waakye  GH₵25.00');
    expect(queued[1]!.body).not.toContain('What you ordered');

    const mails = (await smtp.waitForMails(before + 5)).slice(before);
    expect(mails.map((mail) => mail.to)).toEqual(Array(5).fill([customer.email]));
    expect(new Set(mails.map((mail) => mail.subject))).toEqual(new Set(queued.map((row) => row.subject)));
    await expect.poll(async () => (await outbox()).map((row) => row.status)).toEqual(Array(5).fill('sent'));
  });

  it('queues nothing when the move is refused or rolled back', async () => {
    const { owner, driver, order } = await scene();
    await forceStatus(t, order.id, 'picked_up', driver.userId);
    await expect(
      moveOrder(t.app, { userId: driver.userId, role: 'driver' }, order.id, 'delivered', () => {
        throw new Error('wrong code');
      }),
    ).rejects.toThrow('wrong code');
    expect((await move(owner, order.id, 'cancelled')).statusCode).toBe(422);

    expect(await statusOf(order.id)).toBe('picked_up');
    expect(await outbox()).toEqual([]);
  });

  it('moves at once while the mail server turns the email away, and delivers it on a later try of its job', async () => {
    const { owner, customer, order } = await scene();
    const before = smtp.mails.length;
    smtp.rejectRecipients('mailbox busy, try again later', 451);
    try {
      const started = performance.now();
      const res = await move(owner, order.id, 'preparing');
      expect(res.statusCode).toBe(200);
      expect((await move(owner, order.id, 'ready')).statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(await statusOf(order.id)).toBe('ready');
      await waitForJobs(t.app.db, 'email', ([job]) => job?.state === 'retry');
      expect(await outbox()).toEqual([expect.objectContaining({ toAddress: customer.email, status: 'queued' })]);
    } finally {
      smtp.rejectRecipients(null);
    }
    await retriesDueNow(t.app.db, 'email');
    const [mail] = (await smtp.waitForMails(before + 1)).slice(before);
    expect(mail).toMatchObject({ to: [customer.email], subject: expect.stringContaining('is ready') });
    await expect.poll(async () => (await outbox())[0]?.status).toBe('sent');
  });
});

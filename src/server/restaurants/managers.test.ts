import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MANAGER_MESSAGES } from '@shared/restaurants/managers.js';
import { REALTIME_CLOSE, topics } from '@shared/realtime/events.js';
import { restaurantMembers, userRoles, users } from '../db/schema.js';
import { startLocalSmtpServer, type LocalSmtpServer } from '../notifications/localSmtpServer.js';
import { openRestaurant } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp, type TestContext } from '../test/app.js';
import { postAuth } from '../test/sessions.js';
import { TestSocket } from '../test/socket.js';

const linkPattern = /http:\/\/localhost:3000\/auth\?reset=([A-Za-z0-9_-]+)/;

const managersOf = (t: TestContext, user: TestUser, restaurantId: string) =>
  t.app.inject({ method: 'GET', url: `/api/restaurants/${restaurantId}/managers`, headers: user.authHeader });

const addManager = (t: TestContext, user: TestUser, restaurantId: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/restaurants/${restaurantId}/managers`,
    headers: user.authHeader,
    payload: { email },
  });

const removeManager = (t: TestContext, user: TestUser, restaurantId: string, userId: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/restaurants/${restaurantId}/managers/${userId}`, headers: user.authHeader });

const sales = (t: TestContext, accessToken: string, restaurantId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/restaurants/${restaurantId}/transactions`,
    headers: { authorization: `Bearer ${accessToken}` },
  });

describe("a restaurant's managers", () => {
  let smtp: LocalSmtpServer;
  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
  });
  afterAll(() => smtp.close());
  const t = useTestApp(() => ({ SMTP_URL: smtp.url, RATE_LIMIT_DISABLED: '1' }));
  const sockets: TestSocket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  it('invites an unknown email: a manager account of this restaurant whose emailed link sets a password that signs in', async () => {
    const kitchen = await openRestaurant(t);
    const before = smtp.mails.length;

    const res = await addManager(t, kitchen.owner, kitchen.restaurant.id, ' Efua@Example.com ');

    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ userId: expect.any(String), fullName: 'efua', email: 'efua@example.com', invited: true });
    const userId: string = res.json().userId;
    const [role] = await t.app.db.select().from(userRoles).where(eq(userRoles.userId, userId));
    expect(role!.role).toBe('manager');
    expect((await postAuth(t, 'signin', { email: 'efua@example.com', password: 'invited: no password yet' })).statusCode).toBe(
      401,
    );

    const [mail] = (await smtp.waitForMails(before + 1)).slice(before);
    expect(mail).toMatchObject({ to: ['efua@example.com'], subject: 'You are invited to manage a restaurant on ChopChop' });
    expect(mail!.text).toContain(kitchen.restaurant.name);
    const token = linkPattern.exec(mail!.text)![1]!;
    expect((await postAuth(t, 'reset-password', { token, password: 'efua-password' })).statusCode).toBe(200);

    const signin = await postAuth(t, 'signin', { email: 'efua@example.com', password: 'efua-password' });
    expect(signin.statusCode).toBe(200);
    expect(signin.json().user).toMatchObject({ role: 'manager', email: 'efua@example.com' });
    expect((await sales(t, signin.json().accessToken, kitchen.restaurant.id)).statusCode).toBe(200);

    const list = await managersOf(t, kitchen.owner, kitchen.restaurant.id);
    expect(list.json()).toEqual([{ userId, fullName: 'efua', email: 'efua@example.com' }]);
  });

  it('attaches an existing manager account, and refuses to add it twice with 409', async () => {
    const [kitchen, other] = await Promise.all([openRestaurant(t), openRestaurant(t)]);
    const manager = await createUser(t, { role: 'manager', fullName: 'Kwame Mensah' });
    await addManager(t, other.owner, other.restaurant.id, manager.email);
    const before = smtp.mails.length;

    const res = await addManager(t, kitchen.owner, kitchen.restaurant.id, manager.email);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ userId: manager.userId, fullName: 'Kwame Mensah', email: manager.email, invited: false });
    expect((await sales(t, manager.accessToken, kitchen.restaurant.id)).statusCode).toBe(200);
    expect((await sales(t, manager.accessToken, other.restaurant.id)).statusCode).toBe(200);

    const twice = await addManager(t, kitchen.owner, kitchen.restaurant.id, manager.email);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(MANAGER_MESSAGES.alreadyAdded);
    expect(smtp.mails.length).toBe(before);
  });

  it.each(['customer', 'driver', 'restaurant', 'admin'] as const)(
    'refuses a %s account with 422 and a clear message',
    async (role) => {
      const kitchen = await openRestaurant(t);
      const account = await createUser(t, { role });
      const res = await addManager(t, kitchen.owner, kitchen.restaurant.id, account.email);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toBe(MANAGER_MESSAGES.otherRole);
      expect(await t.app.db.select().from(restaurantMembers).where(eq(restaurantMembers.userId, account.userId))).toEqual([]);
    },
  );

  it('refuses what is not an email with 400 and creates nothing', async () => {
    const kitchen = await openRestaurant(t);
    const res = await addManager(t, kitchen.owner, kitchen.restaurant.id, 'not an email');
    expect(res.statusCode).toBe(400);
    expect(await t.app.db.select().from(users).where(eq(users.email, 'not an email'))).toEqual([]);
  });

  it("answers another owner's restaurant with 404 for listing, adding and removing", async () => {
    const [kitchen, rival] = await Promise.all([openRestaurant(t), openRestaurant(t)]);
    const manager = await createUser(t, { role: 'manager' });
    await addManager(t, kitchen.owner, kitchen.restaurant.id, manager.email);
    expect((await managersOf(t, rival.owner, kitchen.restaurant.id)).statusCode).toBe(404);
    expect((await addManager(t, rival.owner, kitchen.restaurant.id, 'someone@example.com')).statusCode).toBe(404);
    expect((await removeManager(t, rival.owner, kitchen.restaurant.id, manager.userId)).statusCode).toBe(404);
    expect(await t.app.db.select().from(users).where(eq(users.email, 'someone@example.com'))).toEqual([]);
    expect((await sales(t, manager.accessToken, kitchen.restaurant.id)).statusCode).toBe(200);
  });

  it('takes access away at once on removal: the next sales request is refused and the open socket is closed', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const kitchen = await openRestaurant(t);
    const manager = await createUser(t, { role: 'manager' });
    await addManager(t, kitchen.owner, kitchen.restaurant.id, manager.email);
    const socket = await TestSocket.open(`ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/realtime`);
    sockets.push(socket);
    socket.send({ type: 'auth', token: manager.accessToken });
    expect(await socket.next()).toEqual({ type: 'ready' });
    const topic = topics.restaurant(kitchen.restaurant.id);
    socket.send({ type: 'subscribe', topic });
    expect(await socket.next()).toEqual({ type: 'subscribed', topic });

    const res = await removeManager(t, kitchen.owner, kitchen.restaurant.id, manager.userId);

    expect(res.statusCode).toBe(204);
    expect((await socket.closed).code).toBe(REALTIME_CLOSE.tokenRevoked);
    await expect.poll(async () => (await sales(t, manager.accessToken, kitchen.restaurant.id)).statusCode).toBe(401);
    const refreshed = await postAuth(t, 'refresh', {}, manager.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    // Refused: to a manager it no longer belongs to, the restaurant's sales answer as if it did not exist.
    expect((await sales(t, refreshed.json().accessToken, kitchen.restaurant.id)).statusCode).toBe(404);

    const again = await removeManager(t, kitchen.owner, kitchen.restaurant.id, manager.userId);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(MANAGER_MESSAGES.notAManager);
  });
});

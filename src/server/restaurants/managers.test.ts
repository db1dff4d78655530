import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { MANAGER_MESSAGES } from '@shared/restaurants/managers.js';
import { REALTIME_CLOSE, topics } from '@shared/realtime/events.js';
import { restaurantMembers } from '../db/schema.js';
import { openRestaurant } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp, type TestContext } from '../test/app.js';
import { postAuth } from '../test/sessions.js';
import { TestSocket } from '../test/socket.js';

const managersOf = (t: TestContext, user: TestUser, restaurantId: string) =>
  t.app.inject({ method: 'GET', url: `/api/restaurants/${restaurantId}/managers`, headers: user.authHeader });

/** Makes the user a manager of the restaurant, as accepting an invitation does (invitations.test.ts). */
const addManager = async (t: TestContext, restaurantId: string, userId: string) => {
  await t.app.db.insert(restaurantMembers).values({ restaurantId, userId });
};

const changeRole = (t: TestContext, admin: TestUser, userId: string, role: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/users/${userId}/role`, headers: admin.authHeader, payload: { role } });

const removeManager = (t: TestContext, user: TestUser, restaurantId: string, userId: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/restaurants/${restaurantId}/managers/${userId}`, headers: user.authHeader });

const sales = (t: TestContext, accessToken: string, restaurantId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/restaurants/${restaurantId}/transactions`,
    headers: { authorization: `Bearer ${accessToken}` },
  });

describe("a restaurant's managers", () => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: '1' });
  const sockets: TestSocket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  it("answers another owner's restaurant with 404 for listing and removing", async () => {
    const [kitchen, rival] = await Promise.all([openRestaurant(t), openRestaurant(t)]);
    const manager = await createUser(t, { role: 'manager' });
    await addManager(t, kitchen.restaurant.id, manager.userId);
    expect((await managersOf(t, rival.owner, kitchen.restaurant.id)).statusCode).toBe(404);
    expect((await removeManager(t, rival.owner, kitchen.restaurant.id, manager.userId)).statusCode).toBe(404);
    expect((await sales(t, manager.accessToken, kitchen.restaurant.id)).statusCode).toBe(200);
  });

  it('takes access away at once on removal: the next sales request is refused and the open socket is closed', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const kitchen = await openRestaurant(t);
    const manager = await createUser(t, { role: 'manager' });
    await addManager(t, kitchen.restaurant.id, manager.userId);
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

  it('takes a manager demoted by an admin off every restaurant, so that promoting them again gives none back', async () => {
    const [kitchen, admin] = await Promise.all([openRestaurant(t), createUser(t, { role: 'admin' })]);
    const manager = await createUser(t, { role: 'manager' });
    await addManager(t, kitchen.restaurant.id, manager.userId);

    expect((await changeRole(t, admin, manager.userId, 'customer')).statusCode).toBe(200);
    expect(await t.app.db.select().from(restaurantMembers).where(eq(restaurantMembers.userId, manager.userId))).toEqual([]);
    expect((await changeRole(t, admin, manager.userId, 'manager')).statusCode).toBe(200);

    const signin = await postAuth(t, 'signin', { email: manager.email, password: manager.password });
    expect(signin.json().user.role).toBe('manager');
    expect((await sales(t, signin.json().accessToken, kitchen.restaurant.id)).statusCode).toBe(404);
    expect((await managersOf(t, kitchen.owner, kitchen.restaurant.id)).json()).toEqual([]);
  });
});

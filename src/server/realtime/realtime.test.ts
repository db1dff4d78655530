import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { REALTIME_CLOSE, topics, type RealtimeEvent } from '@shared/realtime/events.js';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from '../auth/tokens.js';
import { orders, restaurants } from '../db/schema.js';
import { moveAs, openRestaurant, placeOrder } from '../orders/testOrders.js';
import { useTestApp, type TestContext } from '../test/app.js';
import { createUser } from '../test/accounts.js';
import { claimsOf } from '../test/sessions.js';
import { TestSocket } from '../test/socket.js';
import { raiseCommitted, transactionWithEvents } from './publish.js';

async function insertRestaurant(t: TestContext, ownerId: string) {
  const [row] = await t.app.db
    .insert(restaurants)
    .values({
      ownerId,
      name: 'Auntie Muni',
      address: 'Osu, Accra',
      phone: '+233 20 111 2222',
      country: 'Ghana',
      currencySymbol: 'GH₵',
    })
    .returning({ id: restaurants.id });
  return row!.id;
}

async function insertOrder(t: TestContext, customerId: string, restaurantId: string) {
  const [row] = await t.app.db
    .insert(orders)
    .values({
      customerId,
      restaurantId,
      totalAmount: 5000,
      commissionAmount: 500,
      restaurantPayout: 4500,
      commissionBps: 1000,
      currencySymbol: 'GH₵',
      deliveryAddress: 'East Legon',
      deliveryPhone: '+233 20 333 4444',
      deliveryCode: '123456',
    })
    .returning({ id: orders.id });
  return row!.id;
}

describe('realtime socket', () => {
  const t = useTestApp();
  let url = '';
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/realtime`;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  const connect = async (accessToken?: string, options?: WebSocket.ClientOptions) => {
    const socket = await TestSocket.open(url, options);
    sockets.push(socket);
    if (accessToken) {
      socket.send({ type: 'auth', token: accessToken });
      expect(await socket.next()).toEqual({ type: 'ready' });
    }
    return socket;
  };

  const subscribe = async (socket: TestSocket, topic: string) => {
    socket.send({ type: 'subscribe', topic });
    return socket.next();
  };

  const commit = (event: RealtimeEvent) => raiseCommitted(t.app.db, [event]);

  /** An owner with a restaurant, and a customer with an order there. */
  const scene = async () => {
    const owner = await createUser(t, { role: 'restaurant' });
    const customer = await createUser(t, { role: 'customer' });
    const restaurantId = await insertRestaurant(t, owner.userId);
    const orderId = await insertOrder(t, customer.userId, restaurantId);
    return { owner, customer, restaurantId, orderId };
  };

  it('delivers a committed event to the restaurant owner following the restaurant', async () => {
    const { owner, restaurantId, orderId } = await scene();
    const socket = await connect(owner.accessToken);
    const topic = topics.restaurant(restaurantId);
    expect(await subscribe(socket, topic)).toEqual({ type: 'subscribed', topic });

    const event: RealtimeEvent = { topic, type: 'order.created', orderId, status: 'pending' };
    await commit(event);

    expect(await socket.next()).toEqual({ type: 'event', event });
  });

  it('delivers to a customer the status changes of their own order', async () => {
    const { customer, orderId } = await scene();
    const socket = await connect(customer.accessToken);
    const topic = topics.order(orderId);
    expect(await subscribe(socket, topic)).toEqual({ type: 'subscribed', topic });

    const event: RealtimeEvent = { topic, type: 'order.status', orderId, status: 'preparing' };
    await commit(event);

    expect(await socket.next()).toEqual({ type: 'event', event });
  });

  it("tells whoever follows a restaurant's catalog that its hours, pause or menu changed, once the change commits", async () => {
    const { owner, customer, restaurantId } = await scene();
    const socket = await connect(customer.accessToken);
    const topic = topics.catalog(restaurantId);
    expect(await subscribe(socket, topic)).toEqual({ type: 'subscribed', topic });

    const paused = await t.app.inject({
      method: 'POST',
      url: `/api/restaurants/${restaurantId}/pause`,
      headers: owner.authHeader,
      payload: { minutes: 15 },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(await socket.next()).toEqual({ type: 'event', event: { topic, type: 'catalog.changed', restaurantId } });
  });

  it('never delivers an event whose transaction rolled back', async () => {
    const { owner, restaurantId, orderId } = await scene();
    const socket = await connect(owner.accessToken);
    const topic = topics.restaurant(restaurantId);
    await subscribe(socket, topic);

    await expect(
      transactionWithEvents(t.app.db, async (_tx, raise) => {
        raise({ topic, type: 'order.status', orderId, status: 'cancelled' });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const committed: RealtimeEvent = { topic, type: 'order.status', orderId, status: 'confirmed' };
    await commit(committed);

    expect(await socket.next()).toEqual({ type: 'event', event: committed });
  });

  it("refuses a customer following another customer's order or a restaurant they do not own", async () => {
    const { owner, restaurantId, orderId } = await scene();
    const stranger = await createUser(t, { role: 'customer' });
    const socket = await connect(stranger.accessToken);

    for (const topic of [topics.order(orderId), topics.restaurant(restaurantId)]) {
      const answer = await subscribe(socket, topic);
      expect(answer).toMatchObject({ type: 'error', topic });
    }

    const ownSocket = await connect(owner.accessToken);
    await subscribe(ownSocket, topics.restaurant(restaurantId));
    const event: RealtimeEvent = { topic: topics.restaurant(restaurantId), type: 'order.created', orderId, status: 'pending' };
    await commit(event);
    expect(await ownSocket.next()).toEqual({ type: 'event', event });
    socket.send({ type: 'ping' });
    expect(await socket.next()).toEqual({ type: 'pong' });
  });

  it("delivers every restaurant's new orders and moves to an admin following all orders", async () => {
    const admin = await createUser(t, { role: 'admin' });
    const customer = await createUser(t, { role: 'customer' });
    const [first, second] = [await openRestaurant(t), await openRestaurant(t)];
    const socket = await connect(admin.accessToken);
    const topic = topics.allOrders();
    expect(await subscribe(socket, topic)).toEqual({ type: 'subscribed', topic });

    for (const kitchen of [first, second]) {
      const order = await placeOrder(t, customer, kitchen);
      expect(await socket.next()).toEqual({
        type: 'event',
        event: { topic, type: 'order.created', orderId: order.id, status: 'confirmed' },
      });
      expect((await moveAs(t, kitchen.owner, order.id, 'preparing')).statusCode).toBe(200);
      expect(await socket.next()).toEqual({
        type: 'event',
        event: { topic, type: 'order.status', orderId: order.id, status: 'preparing', driverId: null },
      });
    }
  });

  it('refuses all orders to a customer, a driver, a restaurant owner and a manager', async () => {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const admin = await createUser(t, { role: 'admin' });
    const refused = [
      await createUser(t, { role: 'customer' }),
      await createUser(t, { role: 'driver', verifiedDriver: true }),
      kitchen.owner,
      await createUser(t, { role: 'manager' }),
    ];
    const topic = topics.allOrders();
    const sockets = await Promise.all(refused.map((user) => connect(user.accessToken)));
    for (const socket of sockets) expect(await subscribe(socket, topic)).toMatchObject({ type: 'error', topic });

    const adminSocket = await connect(admin.accessToken);
    await subscribe(adminSocket, topic);
    await placeOrder(t, customer, kitchen);
    expect(await adminSocket.next()).toMatchObject({ type: 'event', event: { topic, type: 'order.created' } });
    for (const socket of sockets) {
      socket.send({ type: 'ping' });
      expect(await socket.next()).toEqual({ type: 'pong' });
    }
  });

  it('refuses a driver following another driver, and an unverified driver following ready orders', async () => {
    const driver = await createUser(t, { role: 'driver' });
    const other = await createUser(t, { role: 'driver' });
    const socket = await connect(driver.accessToken);

    expect(await subscribe(socket, topics.driver(other.userId))).toMatchObject({ type: 'error' });
    expect(await subscribe(socket, topics.ordersReady())).toMatchObject({ type: 'error' });
    expect(await subscribe(socket, topics.driver(driver.userId))).toEqual({
      type: 'subscribed',
      topic: topics.driver(driver.userId),
    });
  });

  it('stops delivering after unsubscribe', async () => {
    const { customer, restaurantId, orderId } = await scene();
    const laterOrderId = await insertOrder(t, customer.userId, restaurantId);
    const socket = await connect(customer.accessToken);
    const topic = topics.order(orderId);
    await subscribe(socket, topic);
    await subscribe(socket, topics.order(laterOrderId));
    socket.send({ type: 'unsubscribe', topic });
    expect(await socket.next()).toEqual({ type: 'unsubscribed', topic });

    await commit({ topic, type: 'order.status', orderId, status: 'ready' });
    const later: RealtimeEvent = {
      topic: topics.order(laterOrderId),
      type: 'order.status',
      orderId: laterOrderId,
      status: 'ready',
    };
    await commit(later);

    expect(await socket.next()).toEqual({ type: 'event', event: later });
  });

  it('closes a connection that subscribes before sending a token', async () => {
    const socket = await connect();
    socket.send({ type: 'subscribe', topic: topics.ordersReady() });

    expect((await socket.closed).code).toBe(REALTIME_CLOSE.unauthorized);
  });

  it('closes a connection whose token is forged', async () => {
    const { customer } = await scene();
    const forged = await signAccessToken('another-secret-another-secret-another-secret', {
      ...claimsOf(customer),
      role: 'admin',
    });
    const socket = await connect();
    socket.send({ type: 'auth', token: forged.token });

    expect(await socket.closed).toEqual({ code: REALTIME_CLOSE.unauthorized, reason: 'Invalid or expired access token' });
  });

  it('closes the connection when its access token expires', async () => {
    const customer = await createUser(t, { role: 'customer' });
    const almostExpired = await signAccessToken(
      t.config.JWT_SECRET,
      claimsOf(customer),
      Date.now() - ACCESS_TOKEN_TTL_SECONDS * 1000 + 2500,
    );
    const socket = await connect(almostExpired.token);

    expect((await socket.closed).code).toBe(REALTIME_CLOSE.tokenExpired);
  });

  it('answers malformed messages without dropping the connection', async () => {
    const customer = await createUser(t, { role: 'customer' });
    const socket = await connect(customer.accessToken);

    socket.send({ type: 'subscribe', topic: 'everything' });
    expect(await socket.next()).toMatchObject({ type: 'error', message: 'Unknown message' });
    socket.send({ type: 'ping' });
    expect(await socket.next()).toEqual({ type: 'pong' });
  });

  it('answers a topic whose id is not a uuid with an error, never a server-error close', async () => {
    const customer = await createUser(t, { role: 'customer' });
    const socket = await connect(customer.accessToken);

    for (const topic of [`restaurant:${'-'.repeat(36)}`, `order:${'f'.repeat(36)}`, `driver:${'0-'.repeat(18)}`]) {
      socket.send({ type: 'subscribe', topic });
      expect(await socket.next()).toMatchObject({ type: 'error' });
    }
    socket.send({ type: 'ping' });
    expect(await socket.next()).toEqual({ type: 'pong' });
  });

  it('forgets a socket and its subscriptions once it closes', async () => {
    const { customer, orderId } = await scene();
    const socket = await connect(customer.accessToken);
    await subscribe(socket, topics.order(orderId));
    expect(t.app.realtime.peerCount).toBe(1);

    socket.close();
    await socket.closed;
    await expect.poll(() => t.app.realtime.peerCount).toBe(0);
  });

  it('drops a socket that stops answering pings and keeps one that answers', async () => {
    const customer = await createUser(t, { role: 'customer' });
    const silent = await connect(customer.accessToken, { autoPong: false });
    const healthy = await connect(customer.accessToken);

    const roundTrip = async () => {
      healthy.send({ type: 'ping' });
      expect(await healthy.next()).toEqual({ type: 'pong' });
    };

    t.app.realtime.heartbeat();
    // The server's ping reaches the client before the first pong, and the client's automatic
    // answer reaches the server before the second ping: the healthy socket has answered.
    await roundTrip();
    await roundTrip();
    t.app.realtime.heartbeat();

    expect((await silent.closed).code).toBe(1006);
    await roundTrip();
  });
});

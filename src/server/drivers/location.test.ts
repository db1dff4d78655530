import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';
import { topics, type ServerMessage } from '@shared/realtime/events.js';
import { drivers } from '../db/schema.js';
import { forceStatus, openRestaurant, placeOrder } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { TestSocket } from '../test/socket.js';

describe("a driver's own row: their status, and the positions only they send", () => {
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

  const send = (user: TestUser | undefined, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/drivers/me/location', headers: user?.authHeader, payload: payload as object });

  const storedRow = async (userId: string) =>
    (
      await t.app.db
        .select({ latitude: drivers.latitude, longitude: drivers.longitude, at: drivers.lastLocationUpdate })
        .from(drivers)
        .where(eq(drivers.userId, userId))
    )[0];

  /** A socket of `user` following `topic`. */
  async function follow(user: TestUser, topic: string) {
    const socket = await TestSocket.open(url);
    sockets.push(socket);
    socket.send({ type: 'auth', token: user.accessToken });
    expect(await socket.next()).toEqual({ type: 'ready' });
    socket.send({ type: 'subscribe', topic });
    expect(await socket.next()).toEqual({ type: 'subscribed', topic });
    return socket;
  }

  /** Every message the socket gets within `ms`. */
  async function drain(socket: TestSocket, ms = 300): Promise<ServerMessage[]> {
    const messages: ServerMessage[] = [];
    for (;;) {
      try {
        messages.push(await socket.next(ms));
      } catch {
        return messages;
      }
    }
  }

  it("stores the position on the driver's own row with the server's time, whatever the phone believes the time is", async () => {
    const driver = await createUser(t, { role: 'driver' });
    const other = await createUser(t, { role: 'driver', verifiedDriver: true });
    const before = Date.now();

    const res = await send(driver, { latitude: 5.6037, longitude: -0.187, lastLocationUpdate: '2001-01-01T00:00:00.000Z' });

    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ latitude: 5.6037, longitude: -0.187 });
    const stamped = Date.parse(answer.lastLocationUpdate);
    expect(stamped).toBeGreaterThanOrEqual(before - 1000);
    expect(stamped).toBeLessThanOrEqual(Date.now() + 1000);
    const row = await storedRow(driver.userId);
    expect(row).toMatchObject({ latitude: 5.6037, longitude: -0.187 });
    expect(row?.at?.toISOString()).toBe(answer.lastLocationUpdate);
    // Another driver's row is untouched: a token only ever writes its own driver's row.
    expect(await storedRow(other.userId)).toEqual({ latitude: null, longitude: null, at: null });
  });

  it('refuses positions from every other role, and from nobody signed in', async () => {
    const position = { latitude: 5.6, longitude: -0.18 };
    for (const role of ['customer', 'restaurant', 'manager', 'admin'] as const) {
      const res = await send(await createUser(t, { role }), position);
      expect(res.statusCode, role).toBe(403);
      expect(res.json().error.message).toBe(DRIVER_MESSAGES.notDriver);
    }
    expect((await send(undefined, position)).statusCode).toBe(401);
  });

  it('refuses coordinates out of range or not numbers with 400 and a clear message, storing nothing', async () => {
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    const refused: [unknown, string][] = [
      [{ latitude: 90.0001, longitude: 0 }, 'Latitude must be a number from -90 to 90'],
      [{ latitude: -91, longitude: 0 }, 'Latitude must be a number from -90 to 90'],
      [{ latitude: 0, longitude: 180.5 }, 'Longitude must be a number from -180 to 180'],
      [{ latitude: 0, longitude: -181 }, 'Longitude must be a number from -180 to 180'],
      [{ latitude: '5.6', longitude: -0.18 }, 'Latitude must be a number from -90 to 90'],
      [{ latitude: 5.6, longitude: null }, 'Longitude must be a number from -180 to 180'],
      [{ latitude: 5.6 }, 'Longitude must be a number from -180 to 180'],
    ];
    for (const [payload, message] of refused) {
      const res = await send(driver, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body, JSON.stringify(payload)).toContain(message);
    }
    expect((await send(driver, { latitude: 90, longitude: -180 })).statusCode).toBe(200);
    expect(await storedRow(driver.userId)).toMatchObject({ latitude: 90, longitude: -180 });
  });

  it('raises the position to the driver, and to the customer of each order they carry alone, only while it is on the way', async () => {
    const kitchen = await openRestaurant(t);
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    const customer = await createUser(t, { role: 'customer' });
    const second = await createUser(t, { role: 'customer' });
    const neighbour = await createUser(t, { role: 'customer' });
    const delivering = await placeOrder(t, customer, kitchen);
    // Batching: a second order of the same kitchen, not picked up yet.
    const collecting = await placeOrder(t, second, kitchen);
    const waiting = await placeOrder(t, neighbour, kitchen);
    await forceStatus(t, delivering.id, 'picked_up', driver.userId);
    await forceStatus(t, collecting.id, 'accepted', driver.userId);
    await forceStatus(t, waiting.id, 'ready');

    const ownSocket = await follow(driver, topics.driver(driver.userId));
    const customerSocket = await follow(customer, topics.order(delivering.id));
    const secondSocket = await follow(second, topics.order(collecting.id));
    const neighbourSocket = await follow(neighbour, topics.order(waiting.id));
    expect((await send(driver, { latitude: 5.61, longitude: -0.19 })).statusCode).toBe(200);

    const position = { type: 'driver.location', driverId: driver.userId, latitude: 5.61, longitude: -0.19 };
    expect(await ownSocket.next()).toEqual({ type: 'event', event: { ...position, topic: topics.driver(driver.userId) } });
    for (const [socket, orderId] of [
      [customerSocket, delivering.id],
      [secondSocket, collecting.id],
    ] as const) {
      expect(await socket.next()).toEqual({ type: 'event', event: { ...position, topic: topics.order(orderId), orderId } });
    }
    expect(await drain(neighbourSocket)).toEqual([]);

    // Delivered: its customer no longer follows the driver; the other still does.
    await forceStatus(t, delivering.id, 'delivered');
    expect((await send(driver, { latitude: 5.62, longitude: -0.2 })).statusCode).toBe(200);
    expect((await ownSocket.next()).type).toBe('event');
    expect((await secondSocket.next()).type).toBe('event');
    expect(await drain(customerSocket)).toEqual([]);
  });

  it('lets an unverified driver send positions and read their own status, and nobody else read it', async () => {
    const driver = await createUser(t, { role: 'driver', fullName: 'Kofi Boateng' });
    expect((await send(driver, { latitude: 5.6, longitude: -0.18 })).statusCode).toBe(200);

    const res = await t.app.inject({ method: 'GET', url: '/api/drivers/me', headers: driver.authHeader });

    expect(res.statusCode, res.body).toBe(200);
    const row = await storedRow(driver.userId);
    expect(res.json()).toEqual({
      userId: driver.userId,
      fullName: 'Kofi Boateng',
      isVerified: false,
      isAvailable: false,
      pausedForMissedOffers: false,
      maxCarriedOrders: 2,
      latitude: 5.6,
      longitude: -0.18,
      lastLocationUpdate: row?.at?.toISOString(),
      vehicleType: 'bike',
      vehicleModel: 'Honda CG 125',
      plateNumber: expect.stringMatching(/^GR-/),
    });
    const customer = await createUser(t, { role: 'customer' });
    const refused = await t.app.inject({ method: 'GET', url: '/api/drivers/me', headers: customer.authHeader });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(DRIVER_MESSAGES.notDriver);
  });
});

import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { REALTIME_CLOSE, topics, type RealtimeEvent, type ServerMessage } from '@shared/realtime/events.js';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from '../../server/auth/tokens.js';
import { raiseCommitted } from '../../server/realtime/publish.js';
import { useTestApp } from '../../server/test/app.js';
import { createUser, type TestUser } from '../../server/test/accounts.js';
import { claimsOf } from '../../server/test/sessions.js';
import { changeRoleIn } from '../../server/auth/accountChanges.js';
import { RealtimeClient, type RealtimeClientOptions } from './realtime.js';

describe('RealtimeClient against the real server', () => {
  const t = useTestApp();
  let url = '';
  const clients: RealtimeClient[] = [];
  /** Every message the server sent to any client of the test, to wait for acknowledgements. */
  let serverMessages: ServerMessage[] = [];
  let socketsOpened = 0;

  class RecordingWebSocket extends WebSocket {
    constructor(address: string) {
      super(address);
      socketsOpened += 1;
      // ws hands text frames to event listeners as strings.
      this.addEventListener('message', (message) => serverMessages.push(JSON.parse(message.data as string) as ServerMessage));
    }
  }

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/realtime`;
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
    serverMessages = [];
    socketsOpened = 0;
  });

  const newClient = (options: Partial<RealtimeClientOptions> & Pick<RealtimeClientOptions, 'getAccessToken'>) => {
    const client = new RealtimeClient({
      url,
      WebSocketImpl: RecordingWebSocket as unknown as typeof globalThis.WebSocket,
      ...options,
    });
    clients.push(client);
    return client;
  };
  const tokenOf = (user: TestUser) => async () => user.accessToken;

  const subscribedCount = (topic: string) => serverMessages.filter((m) => m.type === 'subscribed' && m.topic === topic).length;
  const waitUntilSubscribed = (topic: string, times = 1) =>
    vi.waitFor(() => expect(subscribedCount(topic)).toBe(times), { timeout: 5000 });

  const driverUpdated = (driverId: string): RealtimeEvent => ({
    topic: topics.driver(driverId),
    type: 'driver.updated',
    driverId,
  });
  const commit = (event: RealtimeEvent) => raiseCommitted(t.app.db, [event]);

  it('connects only on the first subscribe and carries every topic over one socket', async () => {
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    const getAccessToken = vi.fn(tokenOf(driver));
    const client = newClient({ getAccessToken });
    expect(getAccessToken).not.toHaveBeenCalled();
    expect(t.app.realtime.peerCount).toBe(0);

    const own: RealtimeEvent[] = [];
    const ready: RealtimeEvent[] = [];
    client.subscribe(topics.driver(driver.userId), (event) => own.push(event));
    client.subscribe(topics.ordersReady(), (event) => ready.push(event));
    await waitUntilSubscribed(topics.driver(driver.userId));
    await waitUntilSubscribed(topics.ordersReady());

    const orderId = crypto.randomUUID();
    await commit(driverUpdated(driver.userId));
    await commit({ topic: topics.ordersReady(), type: 'order.status', orderId, status: 'ready', driverId: null });

    await vi.waitFor(() => expect(ready).toHaveLength(1));
    expect(own).toEqual([driverUpdated(driver.userId)]);
    expect(ready[0]).toMatchObject({ orderId, status: 'ready' });
    expect(socketsOpened).toBe(1);
    expect(t.app.realtime.peerCount).toBe(1);
  });

  it('tells when the server confirms each subscription', async () => {
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    const confirmed: string[] = [];
    const client = newClient({ getAccessToken: tokenOf(driver), onSubscribed: (topic) => confirmed.push(topic) });

    client.subscribe(topics.driver(driver.userId), () => undefined);
    client.subscribe(topics.ordersReady(), () => undefined);

    await vi.waitFor(() => expect(confirmed.sort()).toEqual([topics.driver(driver.userId), topics.ordersReady()].sort()));
  });

  it('stops calling a handler once it unsubscribes, while others on the topic still hear', async () => {
    const driver = await createUser(t, { role: 'driver' });
    const client = newClient({ getAccessToken: tokenOf(driver) });
    const topic = topics.driver(driver.userId);
    const kept: RealtimeEvent[] = [];
    const dropped: RealtimeEvent[] = [];
    client.subscribe(topic, (event) => kept.push(event));
    const unsubscribe = client.subscribe(topic, (event) => dropped.push(event));
    await waitUntilSubscribed(topic);

    await commit(driverUpdated(driver.userId));
    await vi.waitFor(() => expect(dropped).toHaveLength(1));
    unsubscribe();
    await commit(driverUpdated(driver.userId));

    await vi.waitFor(() => expect(kept).toHaveLength(2));
    expect(dropped).toHaveLength(1);
  });

  it('reconnects with a fresh token after the connection drops and follows its topics again', async () => {
    const driver = await createUser(t, { role: 'driver' });
    const getAccessToken = vi.fn(tokenOf(driver));
    const onReconnect = vi.fn();
    const client = newClient({ getAccessToken, onReconnect });
    const topic = topics.driver(driver.userId);
    const received: RealtimeEvent[] = [];
    client.subscribe(topic, (event) => received.push(event));
    await waitUntilSubscribed(topic);

    for (const socket of t.app.websocketServer.clients) socket.terminate();

    await waitUntilSubscribed(topic, 2);
    expect(onReconnect).toHaveBeenCalledTimes(1);
    expect(getAccessToken).toHaveBeenCalledTimes(2);
    await commit(driverUpdated(driver.userId));
    await vi.waitFor(() => expect(received).toHaveLength(1));
  });

  it('reconnects and refetches when the server restarts (its instance is stopping)', async () => {
    const driver = await createUser(t, { role: 'driver' });
    const onReconnect = vi.fn();
    const client = newClient({ getAccessToken: tokenOf(driver), onReconnect });
    const topic = topics.driver(driver.userId);
    client.subscribe(topic, () => undefined);
    await waitUntilSubscribed(topic);

    for (const socket of t.app.websocketServer.clients) socket.close(REALTIME_CLOSE.serviceRestart, 'Server restarting');

    await waitUntilSubscribed(topic, 2);
    expect(onReconnect).toHaveBeenCalledTimes(1);
    expect(socketsOpened).toBe(2);
  });

  it('reconnects with a fresh token when the server closes the socket because the token expired', async () => {
    const driver = await createUser(t, { role: 'driver' });
    const almostExpired = await signAccessToken(
      t.config.JWT_SECRET,
      claimsOf(driver),
      Date.now() - ACCESS_TOKEN_TTL_SECONDS * 1000 + 2500,
    );
    const getAccessToken = vi.fn().mockResolvedValueOnce(almostExpired.token).mockResolvedValue(driver.accessToken);
    const onReconnect = vi.fn();
    const client = newClient({ getAccessToken, onReconnect });
    const topic = topics.driver(driver.userId);
    const received: RealtimeEvent[] = [];
    client.subscribe(topic, (event) => received.push(event));

    await vi.waitFor(() => expect(onReconnect).toHaveBeenCalledTimes(1), { timeout: 6000 });
    await waitUntilSubscribed(topic, 2);
    await commit(driverUpdated(driver.userId));
    await vi.waitFor(() => expect(received).toHaveLength(1));
  });

  it('reconnects at once with a renewed token when the server outdates the token (a role change)', async () => {
    const user = await createUser(t, { role: 'customer' });
    const promoted = await createUser(t, { role: 'driver', verifiedDriver: true });
    const getAccessToken = vi.fn(async (renew: boolean) => (renew ? promoted.accessToken : user.accessToken));
    const onReconnect = vi.fn();
    const client = newClient({ getAccessToken, onReconnect });
    const topic = topics.ordersReady();
    client.subscribe(topic, () => undefined);
    await vi.waitFor(() => expect(serverMessages).toContainEqual({ type: 'ready' }));

    await t.app.db.transaction((tx) => changeRoleIn(tx, user.userId, 'admin'));

    await vi.waitFor(() => expect(onReconnect).toHaveBeenCalledTimes(1));
    expect(getAccessToken.mock.calls).toEqual([[false], [true]]);
    await waitUntilSubscribed(topic);
  });

  it('waits before coming back when the server closes the socket for going over its limits', async () => {
    const driver = await createUser(t, { role: 'driver' });
    const client = newClient({ getAccessToken: tokenOf(driver) });
    const topic = topics.driver(driver.userId);
    client.subscribe(topic, () => undefined);
    await waitUntilSubscribed(topic);

    for (const socket of t.app.websocketServer.clients) socket.close(REALTIME_CLOSE.policyViolation, 'Too many messages');

    await vi.waitFor(() => expect(t.app.realtime.peerCount).toBe(0));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(socketsOpened).toBe(1);
  });

  it('does not connect while signed out', async () => {
    const client = newClient({ getAccessToken: async () => null });
    client.subscribe(topics.ordersReady(), () => undefined);

    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(socketsOpened).toBe(0);
  });

  it('closes its socket for good on close()', async () => {
    const driver = await createUser(t, { role: 'driver' });
    const getAccessToken = vi.fn(tokenOf(driver));
    const client = newClient({ getAccessToken });
    const topic = topics.driver(driver.userId);
    client.subscribe(topic, () => undefined);
    await waitUntilSubscribed(topic);

    client.close();

    await vi.waitFor(() => expect(t.app.realtime.peerCount).toBe(0));
    client.subscribe(topic, () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(getAccessToken).toHaveBeenCalledTimes(1);
    expect(socketsOpened).toBe(1);
  });
});

import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_CLOSE, topics } from '@shared/realtime/events.js';
import { useTestApp } from '../test/app.js';
import { createUser } from '../test/accounts.js';
import { TestSocket } from '../test/socket.js';
import { MAX_QUEUED_MESSAGES, MAX_REFUSALS, MAX_SOCKETS_PER_USER, MESSAGE_BURST, SIGN_IN_BURST } from './limits.js';

describe('realtime socket limits', () => {
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

  const open = async () => {
    const socket = await TestSocket.open(url);
    sockets.push(socket);
    return socket;
  };
  const connect = async (accessToken: string) => {
    const socket = await open();
    socket.send({ type: 'auth', token: accessToken });
    expect(await socket.next()).toEqual({ type: 'ready' });
    return socket;
  };
  const customerSocket = async () => connect((await createUser(t, { role: 'customer' })).accessToken);
  const policyClose = (reason: string) => ({ code: REALTIME_CLOSE.policyViolation, reason });

  /** Holds the orders table locked, so that every order lookup waits, until the returned function is called. */
  const lockOrders = async () => {
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked = () => undefined as void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const transaction = t.app.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE orders IN ACCESS EXCLUSIVE MODE`);
      locked();
      await released;
    });
    await isLocked;
    return async () => {
      release();
      await transaction;
    };
  };

  it('closes a socket that sends more messages than its rate allows', async () => {
    const socket = await customerSocket();
    let isClosed = false;
    const closed = socket.closed.finally(() => (isClosed = true));
    const pongs = async (count: number) => {
      for (let i = 0; i < count; i++) await socket.next();
    };

    // Batches small enough never to queue up, each sent once the last is answered.
    let sent = 0;
    while (!isClosed && sent < MESSAGE_BURST * 3) {
      for (let i = 0; i < 10; i++) socket.send({ type: 'ping' });
      sent += 10;
      await Promise.race([pongs(10), closed]);
    }

    expect(await closed).toEqual(policyClose('Too many messages: slow down'));
    expect(sent).toBeGreaterThanOrEqual(MESSAGE_BURST);
  });

  it('closes a socket whose messages pile up behind a slow lookup', async () => {
    const socket = await customerSocket();
    const unlock = await lockOrders();
    try {
      socket.send({ type: 'subscribe', topic: topics.order(randomUUID()) });
      for (let i = 0; i < MAX_QUEUED_MESSAGES; i++) socket.send({ type: 'ping' });

      expect(await socket.closed).toEqual(policyClose('Too many messages waiting to be handled'));
    } finally {
      await unlock();
    }
  });

  it('answers a topic it just refused without asking the database again', async () => {
    const socket = await customerSocket();
    const topic = topics.order(randomUUID());
    const refusal = { type: 'error', topic, message: 'You may not follow this topic' };
    socket.send({ type: 'subscribe', topic });
    expect(await socket.next()).toEqual(refusal);

    const unlock = await lockOrders();
    try {
      socket.send({ type: 'subscribe', topic });
      expect(await socket.next(1000)).toEqual(refusal);
    } finally {
      await unlock();
    }
  });

  it('closes a socket after too many refused topics', async () => {
    const socket = await customerSocket();

    for (let i = 0; i < MAX_REFUSALS; i++) socket.send({ type: 'subscribe', topic: topics.order(randomUUID()) });

    for (let i = 0; i < MAX_REFUSALS; i++) expect(await socket.next()).toMatchObject({ type: 'error' });
    expect(await socket.closed).toEqual(policyClose('Too many topics refused'));
  });

  it('refuses a user more sockets than allowed, and takes them again once one closes', async () => {
    const customer = await createUser(t, { role: 'customer' });
    const held = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) held.push(await connect(customer.accessToken));
    await customerSocket();

    const extra = await open();
    extra.send({ type: 'auth', token: customer.accessToken });
    expect(await extra.closed).toEqual(policyClose('Too many connections for this account'));

    held[0]!.close();
    await held[0]!.closed;
    await expect.poll(() => t.app.realtime.peerCount).toBe(MAX_SOCKETS_PER_USER);
    await connect(customer.accessToken);
  });

  it('refuses a user who keeps reconnecting, one socket at a time, past the sign-in burst', async () => {
    const customer = await createUser(t, { role: 'customer' });
    for (let i = 0; i < SIGN_IN_BURST; i++) {
      const socket = await connect(customer.accessToken);
      socket.close();
      await socket.closed;
    }

    const again = await open();
    again.send({ type: 'auth', token: customer.accessToken });
    expect(await again.closed).toEqual(policyClose('Too many connections for this account'));
    // Another user is not held back.
    await customerSocket();
  });
});

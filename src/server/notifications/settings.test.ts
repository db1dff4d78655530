import { describe, expect, it } from 'vitest';
import { NOTIFICATION_SETTINGS_MESSAGES } from '@shared/notifications/settings.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';

describe('notification settings: each user turns SMS and email off or on per kind of message', () => {
  const t = useTestApp();

  const read = (user?: TestUser) =>
    t.app.inject({ method: 'GET', url: '/api/notifications/settings', headers: user?.authHeader ?? {} });
  const save = (user: TestUser, items: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/notifications/settings', headers: user.authHeader, payload: { items } });

  it('lists every message of the customer’s role on each of its channels, all on at first', async () => {
    const customer = await createUser(t, { role: 'customer' });
    const res = await read(customer);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      { kind: 'order-confirmed', channel: 'sms', enabled: true },
      { kind: 'order-confirmed', channel: 'email', enabled: true },
      { kind: 'order-ready', channel: 'email', enabled: true },
      { kind: 'order-picked-up', channel: 'sms', enabled: true },
      { kind: 'order-picked-up', channel: 'email', enabled: true },
      { kind: 'order-delivered', channel: 'sms', enabled: true },
      { kind: 'order-delivered', channel: 'email', enabled: true },
      { kind: 'order-cancelled', channel: 'sms', enabled: true },
      { kind: 'order-cancelled', channel: 'email', enabled: true },
    ]);
  });

  it('gives an owner the waiting-order alert, an admin the no-rider alert, and a driver nothing', async () => {
    const [owner, admin, driver] = await Promise.all(
      (['restaurant', 'admin', 'driver'] as const).map((role) => createUser(t, { role })),
    );
    expect((await read(owner)).json().items).toEqual([{ kind: 'order-waiting', channel: 'sms', enabled: true }]);
    expect((await read(admin)).json().items).toEqual([{ kind: 'order-unassigned', channel: 'sms', enabled: true }]);
    expect((await read(driver)).json().items).toEqual([]);
  });

  it('turns a message off and on again, the same change twice being the same as once, and keeps each user’s own', async () => {
    const [ama, kojo] = await Promise.all([createUser(t, { role: 'customer' }), createUser(t, { role: 'customer' })]);
    const off = [{ kind: 'order-delivered', channel: 'sms', enabled: false }];
    const [first, second] = await Promise.all([save(ama, off), save(ama, off)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json().items).toContainEqual({ kind: 'order-delivered', channel: 'sms', enabled: false });
    expect((await read(kojo)).json().items).toContainEqual({ kind: 'order-delivered', channel: 'sms', enabled: true });

    const on = await save(ama, [{ kind: 'order-delivered', channel: 'sms', enabled: true }]);
    expect(on.json().items.every((item: { enabled: boolean }) => item.enabled)).toBe(true);
  });

  it('refuses a message the role does not receive, a channel the message does not go by, and an unknown kind, changing nothing', async () => {
    const customer = await createUser(t, { role: 'customer' });
    for (const items of [
      [{ kind: 'order-waiting', channel: 'sms', enabled: false }],
      [{ kind: 'order-ready', channel: 'sms', enabled: false }],
      [
        { kind: 'order-delivered', channel: 'sms', enabled: false },
        { kind: 'order-unassigned', channel: 'sms', enabled: false },
      ],
    ]) {
      const res = await save(customer, items);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(NOTIFICATION_SETTINGS_MESSAGES.notYours);
    }
    for (const items of [
      [{ kind: 'ORDER-DELIVERED', channel: 'sms', enabled: false }],
      [{ kind: 'order-delivered', channel: 'push', enabled: false }],
      'off',
    ]) {
      expect((await save(customer, items)).statusCode).toBe(400);
    }
    expect((await read(customer)).json().items.every((item: { enabled: boolean }) => item.enabled)).toBe(true);
  });

  it('answers 401 without a session', async () => {
    expect((await read()).statusCode).toBe(401);
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useLoggedApps } from '../test/loggedApp.js';
import { REALTIME_CHANNEL } from './publish.js';

const RIDER = '4d8f0b6e-2c1a-4e5b-9a7d-3f6e8c0b1a29';

describe('realtime in the log', () => {
  const appWith = useLoggedApps();

  it("says of a payload no event can be read from its size and type, never a rider's id or position", async () => {
    const { app, log } = await appWith({});
    // Shaped as an instance from before the one-payload-per-event change sends it (decision 006).
    const payload = JSON.stringify({
      topic: 'operations',
      type: 'driver.location',
      driverId: RIDER,
      latitude: 5.6037,
      longitude: -0.187,
    });
    await app.db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`);

    await expect.poll(() => log.text()).toContain('ignored a malformed realtime event');
    const text = log.text();
    expect(text).toContain('driver.location');
    for (const personal of [RIDER, '5.6037', '0.187']) expect(text, personal).not.toContain(personal);
  });

  it("notes a frame over the size limit at info, with ws's code and no stack, and closes the socket with 1009", async () => {
    const { app, log } = await appWith({});
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const socket = new WebSocket(`${address.replace('http', 'ws')}/api/realtime`);
    await new Promise((resolve) => socket.addEventListener('open', resolve));
    const closed = new Promise<number>((resolve) => socket.addEventListener('close', (event) => resolve(event.code)));
    socket.send(JSON.stringify({ type: 'auth', token: 'a'.repeat(100_000) }));

    expect(await closed).toBe(1009);
    await expect.poll(() => log.text()).toContain('closed a realtime socket that broke the protocol');
    const noted = log.entries().find((entry) => entry.msg === 'closed a realtime socket that broke the protocol');
    expect(noted).toMatchObject({ level: 30, code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' });
    expect(log.entries().filter((entry) => Number(entry.level) >= 50)).toEqual([]);
    expect(log.text()).not.toContain('aaaaaaaa');
  });
});

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
});

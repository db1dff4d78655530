import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_CLOSE } from '@shared/realtime/events.js';
import { percentile } from '../../../bench/lib/stats.js';
import { useTestApp } from '../test/app.js';
import { createUser } from '../test/accounts.js';
import { sampleHealth } from '../test/healthSampler.js';
import { startFlood } from '../test/socketFlood.js';

const SOCKETS = 10;
const MESSAGES = 30_000;
const SAMPLE_MS = 4000;

describe('a flood of subscribes', () => {
  const t = useTestApp();
  let baseUrl = '';

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  it('leaves /api/health answering while one customer floods from 10 sockets, and closes them all', async () => {
    const customer = await createUser(t, { role: 'customer' });
    const flood = startFlood({
      url: `${baseUrl.replace('http', 'ws')}/api/realtime`,
      token: customer.accessToken,
      sockets: SOCKETS,
      messages: MESSAGES,
    });
    try {
      await flood.flooding;
      const health = await sampleHealth(baseUrl, { durationMs: SAMPLE_MS });

      expect(percentile(health, 0.99), `health p99 of ${health.length} requests during the flood`).toBeLessThan(200);
      const outcomes = await flood.closed;
      expect(outcomes.map(({ code }) => code)).toEqual(Array(SOCKETS).fill(REALTIME_CLOSE.policyViolation));
    } finally {
      await flood.stop();
    }
  }, 30_000);
});

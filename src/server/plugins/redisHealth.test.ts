import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { RedisHealth } from './redisHealth.js';

describe('Redis health', () => {
  it('is degraded until Redis first answers, and logs each change once', () => {
    const log = { warn: vi.fn(), info: vi.fn() };
    const health = new RedisHealth(log as unknown as FastifyBaseLogger);
    expect(health.status).toBe('degraded');
    health.answered();
    health.answered();
    expect(health.status).toBe('ok');
    expect(log.info).not.toHaveBeenCalled();

    health.failed(new Error('timeout'));
    health.failed(new Error('timeout'));
    expect(health.status).toBe('degraded');
    expect(log.warn).toHaveBeenCalledTimes(1);

    health.answered();
    expect(health.status).toBe('ok');
    expect(log.info).toHaveBeenCalledTimes(1);
  });
});

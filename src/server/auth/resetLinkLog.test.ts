import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { emailOutbox } from '../db/schema.js';
import { useLoggedApps } from '../test/loggedApp.js';
import { ensureAdmin } from '../admin/ensureAdmin.js';

// NODE_ENV=development is what an unset NODE_ENV means; no SMTP_URL, so emails go to the log.
const UNSET = { NODE_ENV: 'development', RATE_LIMIT_DISABLED: '1' };

async function requestReset(app: App) {
  await ensureAdmin(app.db, { email: 'ops@example.com', password: 'a-long-password' });
  const res = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'ops@example.com' } });
  expect(res.statusCode).toBe(200);
  for (let i = 0; i < 100; i++) {
    const [row] = await app.db.select({ status: emailOutbox.status }).from(emailOutbox);
    if (row && row.status !== 'queued') return row.status;
    await sleep(20);
  }
  throw new Error('the reset email was never handled');
}

describe('reset links in the log', () => {
  const appWith = useLoggedApps();

  it('are written in development, where nothing says real users are served', async () => {
    const { app, log } = await appWith({ ...UNSET, PUBLIC_URL: 'http://localhost:3000' });
    expect(await requestReset(app)).toBe('logged');
    expect(log.text()).toMatch(/http:\/\/localhost:3000\/auth\?reset=[A-Za-z0-9_-]{20,}/);
  });

  it.each([
    ['an https PUBLIC_URL', { PUBLIC_URL: 'https://food.example.com' }],
    ['a PUBLIC_URL off this machine', { PUBLIC_URL: 'http://food.example.com' }],
    ['a trusted proxy', { PUBLIC_URL: 'http://localhost:3000', TRUST_PROXY: '1' }],
    ['NODE_ENV=production', { NODE_ENV: 'production' }],
  ])('are never written outside development: %s', async (_case, settings) => {
    const { app, log } = await appWith({ ...UNSET, ...settings });
    expect(await requestReset(app)).toBe('logged');
    expect(log.text()).toContain('kept in the email_outbox table');
    expect(log.text()).not.toContain('reset=');
    expect(log.text()).not.toContain('ops@example.com');
  });
});

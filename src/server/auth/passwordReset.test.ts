import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/auth/schemas.js';
import { emailOutbox, passwordResets } from '../db/schema.js';
import { startLocalSmtpServer, type LocalSmtpServer } from '../test/localSmtpServer.js';
import { createUser } from '../test/accounts.js';
import { postAuth } from '../test/sessions.js';
import { useTestApp, type TestContext } from '../test/app.js';
import { openSecondConnection } from '../test/database.js';
import { waitForJobs } from '../test/jobs.js';
import { hashToken } from './tokens.js';

const post = (t: TestContext, url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/auth/${url}`, payload });

async function outboxWhenDelivered(t: TestContext) {
  for (let i = 0; i < 100; i++) {
    const rows = await t.app.db.select().from(emailOutbox);
    if (rows.length > 0 && rows.every((r) => r.status !== 'queued')) return rows;
    await sleep(20);
  }
  throw new Error('the outbox still has queued emails');
}

describe('password reset through a real SMTP server', () => {
  let smtp: LocalSmtpServer;
  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
  });
  afterAll(() => smtp.close());
  const t = useTestApp(() => ({ SMTP_URL: smtp.url, RATE_LIMIT_DISABLED: '1', MAIL_FROM: 'ChopChop <no-reply@chopchop.test>' }));

  const linkPattern = /http:\/\/localhost:3000\/auth\?reset=([A-Za-z0-9_-]+)/;

  async function requestLink(email: string): Promise<string> {
    const before = smtp.mails.length;
    const res = await post(t, 'forgot-password', { email });
    expect(res.statusCode).toBe(200);
    const mails = await smtp.waitForMails(before + 1);
    const token = linkPattern.exec(mails[before]!.text)?.[1];
    if (!token) throw new Error(`no reset link in: ${mails[before]!.text}`);
    return token;
  }

  it('emails a link that resets the password once, signs out every session, and retires the old password', async () => {
    smtp.mails.length = 0;
    const user = await createUser(t, { role: 'customer', email: 'akosua@example.com', password: 'old-password' });

    const res = await post(t, 'forgot-password', { email: 'Akosua@Example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [mail] = await smtp.waitForMails(1);
    expect(mail).toMatchObject({
      from: 'no-reply@chopchop.test',
      to: ['akosua@example.com'],
      subject: 'Reset your ChopChop password',
    });
    const token = linkPattern.exec(mail!.text)![1]!;

    const [outbox] = await outboxWhenDelivered(t);
    expect(outbox).toMatchObject({ toAddress: 'akosua@example.com', status: 'sent', error: null });
    expect(outbox!.sentAt).toBeInstanceOf(Date);

    const reset = await post(t, 'reset-password', { token, password: 'new-password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ ok: true });

    expect((await post(t, 'signin', { email: user.email, password: 'new-password' })).statusCode).toBe(200);
    const oldPassword = await post(t, 'signin', { email: user.email, password: 'old-password' });
    expect(oldPassword.statusCode).toBe(401);
    expect(oldPassword.json().error.message).toBe(MESSAGES.invalidCredentials);
    expect((await postAuth(t, 'refresh', {}, user.refreshToken)).statusCode).toBe(401);

    const again = await post(t, 'reset-password', { token, password: 'third-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(MESSAGES.resetInvalid);
  });

  it('stores only a hash of the token, valid for one hour', async () => {
    await createUser(t, { role: 'driver', email: 'kojo@example.com' });
    const token = await requestLink('kojo@example.com');
    const [row] = await t.app.db.select().from(passwordResets);
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(row!.tokenHash).not.toContain(token);
    const minutesLeft = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(59);
    expect(minutesLeft).toBeLessThanOrEqual(60);
  });

  it('answers an unknown email exactly like a known one, and sends nothing', async () => {
    smtp.mails.length = 0;
    const res = await post(t, 'forgot-password', { email: 'nobody@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    await sleep(300);
    expect(smtp.mails).toEqual([]);
    expect(await t.app.db.select().from(emailOutbox)).toEqual([]);
    expect(await t.app.db.select().from(passwordResets)).toEqual([]);
  });

  it('refuses an expired link', async () => {
    await createUser(t, { role: 'customer', email: 'esi@example.com' });
    const token = await requestLink('esi@example.com');
    await t.app.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    const res = await post(t, 'reset-password', { token, password: 'new-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'bad_request', message: MESSAGES.resetInvalid });
  });

  it('refuses a made-up token', async () => {
    const res = await post(t, 'reset-password', { token: 'not-a-real-token', password: 'new-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MESSAGES.resetInvalid);
  });

  it('checks the new password and leaves the link usable after a too-short one', async () => {
    await createUser(t, { role: 'customer', email: 'adwoa@example.com' });
    const token = await requestLink('adwoa@example.com');
    const short = await post(t, 'reset-password', { token, password: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toMatch('Password must be at least 6 characters');
    expect((await post(t, 'reset-password', { token, password: 'long-enough' })).statusCode).toBe(200);
  });

  it('refuses a common password under the password field and leaves the link usable', async () => {
    await createUser(t, { role: 'customer', email: 'kukua@example.com' });
    const token = await requestLink('kukua@example.com');
    for (const password of ['123456', 'iloveyou']) {
      const common = await post(t, 'reset-password', { token, password });
      expect(common.statusCode).toBe(400);
      expect(common.json().error.fields).toEqual({ password: MESSAGES.commonPassword });
    }
    expect((await post(t, 'reset-password', { token, password: 'kente-cloth-7' })).statusCode).toBe(200);
  });

  it('retires older links once one of them has been used', async () => {
    await createUser(t, { role: 'customer', email: 'yaw@example.com' });
    const first = await requestLink('yaw@example.com');
    const second = await requestLink('yaw@example.com');
    expect(first).not.toBe(second);
    expect((await post(t, 'reset-password', { token: second, password: 'new-password' })).statusCode).toBe(200);
    expect((await post(t, 'reset-password', { token: first, password: 'other-password' })).statusCode).toBe(400);
  });

  it('lets only one of two simultaneous resets with the same link win', async () => {
    await createUser(t, { role: 'customer', email: 'abena@example.com' });
    const token = await requestLink('abena@example.com');
    const results = await Promise.all([
      post(t, 'reset-password', { token, password: 'first-choice' }),
      post(t, 'reset-password', { token, password: 'second-choice' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('records a refused delivery as failed with the server’s answer, and still answers ok', async () => {
    await createUser(t, { role: 'customer', email: 'bounce@example.com' });
    smtp.rejectRecipients('mailbox unavailable');
    try {
      const res = await post(t, 'forgot-password', { email: 'bounce@example.com' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      const [row] = await outboxWhenDelivered(t);
      expect(row!.status).toBe('failed');
      expect(row!.error).toMatch(/mailbox unavailable/);
      expect(row!.sentAt).toBeNull();
    } finally {
      smtp.rejectRecipients(null);
    }
  });
});

describe('password reset without SMTP_URL', () => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: '1', PUBLIC_URL: 'https://food.example.com/' });

  it('answers forgot-password by queueing one job alike for any email, and looks the account up only in that job', async () => {
    await createUser(t, { role: 'customer', email: 'efua@example.com' });
    for (const email of ['efua@example.com', 'nobody@example.com']) {
      expect((await post(t, 'forgot-password', { email })).json()).toEqual({ ok: true });
    }
    const jobs = await waitForJobs(t.app.db, 'password-reset', (all) => all.every((job) => job.state === 'completed'));
    expect(jobs.map((job) => job.data)).toEqual([{ email: 'efua@example.com' }, { email: 'nobody@example.com' }]);
    const rows = await outboxWhenDelivered(t);
    expect(rows).toEqual([expect.objectContaining({ toAddress: 'efua@example.com', status: 'logged' })]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'answers forgot-password while another transaction holds the accounts table',
    async () => {
      await createUser(t, { role: 'customer', email: 'efua@example.com' });
      const other = await openSecondConnection(t.database);
      try {
        await other.db.transaction(async (tx) => {
          await tx.execute(sql`lock table users in access exclusive mode`);
          const waitedForDatabase = sleep(5000).then(() => {
            throw new Error('the reply waited for the accounts table');
          });
          const res = await Promise.race([post(t, 'forgot-password', { email: 'efua@example.com' }), waitedForDatabase]);
          expect(res.json()).toEqual({ ok: true });
        });
      } finally {
        await other.close();
      }
      const [row] = await outboxWhenDelivered(t);
      expect(row).toMatchObject({ toAddress: 'efua@example.com', status: 'logged' });
    },
  );

  it('keeps the email in the outbox marked logged, with the link to the public URL', async () => {
    const user = await createUser(t, { role: 'restaurant', email: 'owner@example.com' });
    const res = await post(t, 'forgot-password', { email: 'owner@example.com' });
    expect(res.json()).toEqual({ ok: true });
    const [row] = await outboxWhenDelivered(t);
    expect(row).toMatchObject({ toAddress: 'owner@example.com', status: 'logged', error: null });
    const token = /https:\/\/food\.example\.com\/auth\?reset=([A-Za-z0-9_-]+)/.exec(row!.body)?.[1];
    expect(token).toBeDefined();
    expect((await post(t, 'reset-password', { token: token!, password: 'brand-new' })).statusCode).toBe(200);
    expect((await post(t, 'signin', { email: user.email, password: 'brand-new' })).statusCode).toBe(200);
  });
});

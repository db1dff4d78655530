import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_MESSAGES } from '@shared/jobs/schemas.js';
import { rowsOf } from '../db/rows.js';
import { queueEmail } from '../notifications/outbox.js';
import { createUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { waitForJobs } from '../test/jobs.js';
import { startLocalSmtpServer, type LocalSmtpServer } from '../test/localSmtpServer.js';

describe('GET /api/admin/jobs and POST /api/admin/jobs/:queue/:id/retry', () => {
  let smtp: LocalSmtpServer;
  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
  });
  afterAll(() => smtp.close());
  const t = useTestApp(() => ({ SMTP_URL: smtp.url }));

  async function deadEmail() {
    smtp.rejectRecipients('no such mailbox: kojo@example.com');
    try {
      await t.app.db.transaction((tx) =>
        queueEmail(tx, t.app.jobs, { to: 'kojo@example.com', subject: 'Your order is ready', text: 'Soon.' }),
      );
      const [job] = await waitForJobs(t.app.db, 'email', ([one]) => one?.state === 'failed');
      return job!;
    } finally {
      smtp.rejectRecipients(null);
    }
  }

  const list = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers });
  const retry = (headers: Record<string, string>, queue: string, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/jobs/${queue}/${id}/retry`, headers });

  it('shows an admin a dead job with its tries and error, and runs it again once on retry, whatever the letter case of its id', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const job = await deadEmail();
    const res = await list(admin.authHeader);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        {
          id: job.id,
          queue: 'email',
          state: 'dead',
          tries: 1,
          error: expect.stringMatching(/no such mailbox/),
          createdAt: expect.any(String),
          nextTryAt: null,
        },
      ],
    });

    expect(res.body).not.toContain('kojo@example.com');

    const before = smtp.mails.length;
    expect((await retry(admin.authHeader, 'email', job.id.toUpperCase())).statusCode).toBe(204);
    // Due at once, not after the backoff that dying on its first try set for a second.
    const [row] = rowsOf<{ due: boolean }>(
      await t.app.db.execute(sql`select start_after <= now() as due from pgboss.job where id = ${job.id}`),
    );
    expect(row?.due).toBe(true);
    await waitForJobs(t.app.db, 'email', ([one]) => one?.state === 'completed');
    expect(smtp.mails.slice(before)).toEqual([expect.objectContaining({ to: ['kojo@example.com'] })]);
    expect((await list(admin.authHeader)).json()).toEqual({ items: [] });

    const again = await retry(admin.authHeader, 'email', job.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(JOB_MESSAGES.notDead);
    const unknown = await retry(admin.authHeader, 'email', randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(JOB_MESSAGES.notFound);
  });

  it('refuses everyone but admins, an unknown queue and a malformed id', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const job = await deadEmail();
    for (const role of ['customer', 'restaurant', 'driver'] as const) {
      const user = await createUser(t, { role });
      expect((await list(user.authHeader)).statusCode).toBe(403);
      expect((await retry(user.authHeader, 'email', job.id)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/jobs' })).statusCode).toBe(401);
    expect((await retry(admin.authHeader, 'fax', job.id)).statusCode).toBe(400);
    expect((await retry(admin.authHeader, 'email', 'not-a-job%00')).statusCode).toBe(400);
    // The email job is no job of the refund queue.
    expect((await retry(admin.authHeader, 'refund', job.id)).statusCode).toBe(404);
    expect((await list(admin.authHeader)).json().items).toHaveLength(1);
  });

  it('gives a dead job one more try when two admins retry it at once, and tells the second it is not dead', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const job = await deadEmail();
    const before = smtp.mails.length;
    const answers = await Promise.all([retry(admin.authHeader, 'email', job.id), retry(admin.authHeader, 'email', job.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
    const [sent] = await waitForJobs(t.app.db, 'email', ([one]) => one?.state === 'completed');
    expect(sent!.retryLimit).toBe(job.retryLimit + 1);
    expect(smtp.mails.slice(before)).toHaveLength(1);
  });
});

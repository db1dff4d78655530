import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '../../db/schema.js';
import { useAnotherApp, useTestApp } from '../../test/app.js';
import { waitForJobs } from '../../test/jobs.js';
import { useLoggedApps } from '../../test/loggedApp.js';
import { startAfricasTalkingStandIn, startHubtelStandIn, type SmsProviderStandIn } from '../../test/smsProviders.js';
import { queueSms } from './outbox.js';

const SECRET = randomBytes(24).toString('base64url');

describe.each([
  {
    provider: 'africastalking',
    start: startAfricasTalkingStandIn,
    delivered: 'Success',
    failed: { status: 'Failed', reason: 'UserInBlacklist', stored: 'Failed: UserInBlacklist' },
    onTheWay: 'Buffered',
    badBodies: [
      { 'content-type': 'application/x-www-form-urlencoded', payload: 'status=Success&phoneNumber=%2B233245550102' },
      { 'content-type': 'application/x-www-form-urlencoded', payload: `id=${'x'.repeat(300)}&status=Success` },
      { 'content-type': 'text/plain', payload: 'id=1&status=Success' },
      { 'content-type': 'application/x-www-form-urlencoded', payload: 'id=ATXid_%00&status=Success' },
    ],
  },
  {
    provider: 'hubtel',
    start: startHubtelStandIn,
    delivered: 'Delivered',
    failed: { status: 'Undeliverable', reason: undefined, stored: 'Undeliverable' },
    onTheWay: 'Submitted',
    badBodies: [
      { 'content-type': 'application/json', payload: '{"messageId":' },
      { 'content-type': 'application/json', payload: '{"status":"Delivered"}' },
      { 'content-type': 'application/json', payload: '[{"messageId":"1","status":"Delivered"}]' },
      { 'content-type': 'application/json', payload: '{"messageId":"1\\u0000","status":"Delivered"}' },
    ],
  },
])('$provider delivery reports on the secret callback URL', ({ provider, start, delivered, failed, onTheWay, badBodies }) => {
  let standIn: SmsProviderStandIn<string>;
  beforeAll(async () => {
    standIn = await start({});
  });
  afterAll(() => standIn.close());
  const t = useTestApp(() => ({ ...standIn.settings, SMS_REPORT_SECRET: SECRET }));
  let callbackUrl: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    callbackUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/sms/reports/${provider}/${SECRET}`;
  });

  /** An SMS the provider took, as its row reads once the job recorded it. */
  async function sentSms() {
    const id = await t.app.db.transaction((tx) =>
      queueSms(tx, t.app.jobs, { to: '+233245550102', body: 'Your order is on its way.', kind: 'order-picked-up' }),
    );
    await waitForJobs(t.app.db, 'sms', (jobs) => jobs.length > 0 && jobs.every((job) => job.state === 'completed'));
    const sms = await row(id);
    expect(sms).toMatchObject({ status: 'sent', provider, providerMessageId: expect.any(String) });
    return { id, messageId: sms!.providerMessageId! };
  }
  const row = async (id: string) => (await t.app.db.select().from(smsOutbox).where(eq(smsOutbox.id, id)))[0];

  it('records delivered when the provider reports it, and keeps it through later reports', async () => {
    const { id, messageId } = await sentSms();
    expect(await standIn.sendReport(callbackUrl, messageId, onTheWay)).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'sent', reportedAt: null });

    expect(await standIn.sendReport(callbackUrl, messageId, delivered)).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'delivered', reason: null, reportedAt: expect.any(Date) });

    expect(await standIn.sendReport(callbackUrl, messageId, failed.status, failed.reason)).toBe(200);
    expect(await standIn.sendReport(callbackUrl, messageId, onTheWay)).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'delivered', reason: null });
  });

  it("records failed with the provider's reason", async () => {
    const { id, messageId } = await sentSms();
    expect(await standIn.sendReport(callbackUrl, messageId, failed.status, failed.reason)).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'failed', reason: failed.stored, reportedAt: expect.any(Date) });
    expect(await standIn.sendReport(callbackUrl, messageId, delivered)).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'failed', reason: failed.stored });
  });

  it('answers 200 to a report of a message id nobody sent, and changes nothing', async () => {
    const { id } = await sentSms();
    const before = await row(id);
    expect(await standIn.sendReport(callbackUrl, 'never-sent-0001', delivered)).toBe(200);
    expect(await row(id)).toEqual(before);
  });

  it('refuses a report with a wrong secret, or none, as if there were no such address, and changes nothing', async () => {
    const { id, messageId } = await sentSms();
    const base = callbackUrl.slice(0, -SECRET.length);
    // The secret with its last character changed: to another one than it has, as the secret is random.
    const lastChanged = `${SECRET.slice(0, -1)}${SECRET.endsWith('x') ? 'y' : 'x'}`;
    for (const url of [`${base}${lastChanged}`, `${base}${SECRET}x`, `${base}short`, base, base.slice(0, -1)]) {
      expect(await standIn.sendReport(url, messageId, delivered), url).toBe(404);
    }
    expect(await row(id)).toMatchObject({ status: 'sent', reportedAt: null });
  });

  it('answers 400 to a body that is not a report, never 5xx, and changes nothing', async () => {
    const { id } = await sentSms();
    for (const { payload, ...headers } of badBodies) {
      const res = await t.app.inject({ method: 'POST', url: `/api/sms/reports/${provider}/${SECRET}`, headers, payload });
      expect([400, 415], payload).toContain(res.statusCode);
      expect(res.json()).toEqual({ error: expect.objectContaining({ code: expect.any(String) }) });
    }
    expect(await row(id)).toMatchObject({ status: 'sent' });
  });

  describe('on an instance without SMS_REPORT_SECRET', () => {
    const other = useAnotherApp(t, () => standIn.settings);

    it('refuses every report with 404', async () => {
      const { id, messageId } = await sentSms();
      const report = (secret: string) =>
        other.app.inject({
          method: 'POST',
          url: `/api/sms/reports/${provider}/${secret}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ id: messageId, messageId, status: delivered }),
        });
      for (const secret of [SECRET, 'undefined', '']) expect((await report(secret)).statusCode).toBe(404);
      expect(await row(id)).toMatchObject({ status: 'sent' });
    });
  });
});

describe('the log of a delivery report', () => {
  const loggedApp = useLoggedApps();

  it('names the route, never the secret in its address', async () => {
    const { app, log } = await loggedApp({ SMS_REPORT_SECRET: SECRET });
    for (const secret of [SECRET, `${SECRET}x`]) {
      await app.inject({
        method: 'POST',
        url: `/api/sms/reports/africastalking/${secret}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'id=ATXid_1&status=Success',
      });
    }
    expect(log.text()).toContain('/api/sms/reports/africastalking/:secret');
    expect(log.text()).not.toContain(SECRET);
  });
});

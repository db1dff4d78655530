import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '../../db/schema.js';
import { QUEUES } from '../../jobs/queues.js';
import { useAnotherApp, useTestApp } from '../../test/app.js';
import { jobsOf, retriesDueNow, waitForJobs } from '../../test/jobs.js';
import { startAfricasTalkingStandIn, type SmsProviderStandIn } from '../../test/smsProviders.js';
import { queueSms } from './outbox.js';
import { createSmsProvider } from './providers.js';
import { sendQueuedSms } from './smsDelivery.js';

const message = (n: number) => ({
  to: `+23324555${String(n).padStart(4, '0')}`,
  body: `Order ${n} is on its way.`,
  kind: 'order-picked-up' as const,
});

describe('the sms job: sent once through the provider, retried through an outage, failed for good with the reason', () => {
  let provider: SmsProviderStandIn<string>;
  beforeAll(async () => {
    provider = await startAfricasTalkingStandIn();
  });
  afterEach(() => provider.setOutage(null));
  afterAll(() => provider.close());
  const t = useTestApp(() => provider.settings);

  const queue = (n: number) => t.app.db.transaction((tx) => queueSms(tx, t.app.jobs, message(n)));
  const row = async (id: string) => (await t.app.db.select().from(smsOutbox).where(eq(smsOutbox.id, id)))[0];
  const sentTo = (to: string) => provider.messages.filter((sms) => sms.to === to);

  it('queues nothing when the transaction rolls back', async () => {
    await expect(
      t.app.db.transaction(async (tx) => {
        await queueSms(tx, t.app.jobs, message(1));
        throw new Error('the move was refused');
      }),
    ).rejects.toThrow('the move was refused');
    expect(await t.app.db.select().from(smsOutbox)).toEqual([]);
    expect(await jobsOf(t.app.db, 'sms')).toEqual([]);
  });

  it('sends a committed SMS and stores the provider message id with status sent', async () => {
    const id = await queue(2);
    const [sms] = (await provider.waitForMessages(provider.messages.length + 1)).slice(-1);
    expect(sms).toEqual({
      to: message(2).to,
      text: message(2).body,
      from: 'ChopChop',
      messageId: expect.any(String),
      receivedAt: expect.any(Number),
    });
    await waitForJobs(t.app.db, 'sms', ([job]) => job?.state === 'completed');
    expect(await row(id)).toMatchObject({
      status: 'sent',
      provider: 'africastalking',
      providerMessageId: sms!.messageId,
      sentAt: expect.any(Date),
      reason: null,
    });
  });

  it('sends once when its job runs twice', async () => {
    const id = await queue(3);
    await waitForJobs(t.app.db, 'sms', ([job]) => job?.state === 'completed');
    const again = createSmsProvider(t.app.config, t.app.log);
    await sendQueuedSms({ db: t.app.db, provider: again }, id, { id: 'again', retryCount: 0 });
    expect(sentTo(message(3).to)).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sent', providerMessageId: sentTo(message(3).to)[0]!.messageId });
  });

  it('retries through an outage and sends once the provider is back', async () => {
    await provider.setOutage('unreachable');
    const id = await queue(4);
    await waitForJobs(t.app.db, 'sms', ([job]) => job?.state === 'retry');
    expect(await row(id)).toMatchObject({ status: 'queued', providerMessageId: null });
    await provider.setOutage(null);
    await retriesDueNow(t.app.db, 'sms');
    await waitForJobs(t.app.db, 'sms', ([job]) => job?.state === 'completed');
    expect(sentTo(message(4).to)).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sent' });
  });

  it('fails the SMS with the reason and lets its job die after the last try of a long outage', async () => {
    await provider.setOutage('error');
    const id = await queue(5);
    const retryLimit = QUEUES.sms.retryLimit!;
    // pg-boss counts a retry when it claims it: after try n the job waits with retryCount n - 1.
    for (let tries = 1; tries <= retryLimit; tries += 1) {
      await waitForJobs(t.app.db, 'sms', ([job]) => job?.state === 'retry' && job.retryCount === tries - 1);
      expect(await row(id), `after try ${tries}`).toMatchObject({ status: 'queued' });
      await retriesDueNow(t.app.db, 'sms');
    }
    const [job] = await waitForJobs(t.app.db, 'sms', ([first]) => first?.state === 'failed');
    expect(job).toMatchObject({ retryCount: retryLimit, output: { message: "Africa's Talking answered HTTP 503" } });
    expect(await row(id)).toMatchObject({
      status: 'failed',
      provider: 'africastalking',
      providerMessageId: null,
      reason: "Africa's Talking answered HTTP 503",
    });
    expect(sentTo(message(5).to)).toEqual([]);
  }, 60_000);

  it('fails at once, job dead, when the provider refuses the number for good', async () => {
    const id = await t.app.db.transaction((tx) => queueSms(tx, t.app.jobs, { ...message(6), to: '+2331' }));
    const [job] = await waitForJobs(t.app.db, 'sms', ([first]) => first?.state === 'failed');
    expect(job).toMatchObject({ retryCount: 0 });
    expect(await row(id)).toMatchObject({
      status: 'failed',
      reason: "Africa's Talking refused the message: InvalidPhoneNumber (403)",
    });
  });

  describe('with a second instance on the same database', () => {
    const other = useAnotherApp(t, () => provider.settings);

    it('sends each SMS once, whichever instance claims its job', async () => {
      expect(other.app.jobs).not.toBe(t.app.jobs);
      const count = 20;
      const ids = await t.app.db.transaction(async (tx) => {
        const queued: string[] = [];
        for (let n = 100; n < 100 + count; n += 1) queued.push(await queueSms(tx, t.app.jobs, message(n)));
        return queued;
      });
      await waitForJobs(t.app.db, 'sms', (jobs) => jobs.length === count && jobs.every((job) => job.state === 'completed'));
      const numbers = new Set(ids.map((_, index) => message(100 + index).to));
      const sent = provider.messages.filter((sms) => numbers.has(sms.to));
      expect(sent).toHaveLength(count);
      expect(new Set(sent.map((sms) => sms.to))).toEqual(numbers);
      const rows = await t.app.db.select().from(smsOutbox);
      expect(rows.map((r) => r.status)).toEqual(Array(count).fill('sent'));
    });
  });
});

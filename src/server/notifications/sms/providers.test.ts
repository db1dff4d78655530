import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../config.js';
import { PermanentJobError } from '../../jobs/jobs.js';
import { startAfricasTalkingStandIn, startHubtelStandIn, type SmsProviderStandIn } from '../../test/smsProviders.js';
import { SmsProviderUnavailable, type OutgoingSms } from './provider.js';
import { createSmsProvider } from './providers.js';

const sms: OutgoingSms = { to: '+233245550102', body: 'Your order #1a2b3c4d is on its way.', kind: 'order-picked-up' };

const providerFor = (settings: Record<string, string>) => createSmsProvider(parseEnv(settings), pino({ level: 'silent' }));

describe.each([
  {
    name: "Africa's Talking",
    start: startAfricasTalkingStandIn,
    to: '+233245550102',
    key: 'AFRICASTALKING_API_KEY',
    messageId: /^ATXid_[0-9a-f]{32}$/,
  },
  {
    name: 'Hubtel',
    start: startHubtelStandIn,
    to: '233245550102',
    key: 'HUBTEL_CLIENT_SECRET',
    messageId: /^[0-9a-f-]{36}$/,
  },
])('the $name adapter, through its stand-in', ({ start, to, key, messageId }) => {
  let standIn: SmsProviderStandIn<string>;
  beforeAll(async () => {
    standIn = await start({});
  });
  afterEach(() => standIn.setOutage(null));
  afterAll(() => standIn.close());

  it('sends the message from the configured sender and answers the provider id of it', async () => {
    const handover = await providerFor(standIn.settings).send(sms);
    expect(handover).toEqual({ status: 'sent', providerMessageId: expect.stringMatching(messageId) });
    expect(standIn.messages.at(-1)).toEqual({
      to,
      text: sms.body,
      from: 'ChopChop',
      messageId: handover.status === 'sent' ? handover.providerMessageId : '',
      receivedAt: expect.any(Number),
    });
  });

  it('takes a refused key for a passing failure: the operator can fix it before the last try', async () => {
    const sent = standIn.messages.length;
    const error = await providerFor({ ...standIn.settings, [key]: 'not-the-key' })
      .send(sms)
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(SmsProviderUnavailable);
    expect(error).toMatchObject({ responseCode: 401 });
    expect(standIn.messages).toHaveLength(sent);
  });

  it('takes a number the provider refuses for good as a permanent failure, with its reason', async () => {
    const error = await providerFor(standIn.settings)
      .send({ ...sms, to: '+2331' })
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(PermanentJobError);
    expect((error as Error).message).toMatch(/InvalidPhoneNumber|Invalid Destination/);
  });

  it.each(['error', 'unreachable'] as const)('takes an outage (%s) for a passing failure', async (outage) => {
    await standIn.setOutage(outage);
    const error = await providerFor(standIn.settings)
      .send(sms)
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(SmsProviderUnavailable);
    await standIn.setOutage(null);
    expect(await providerFor(standIn.settings).send(sms)).toMatchObject({ status: 'sent' });
  });
});

describe("Africa's Talking's sender ids", () => {
  it('takes an unregistered sender id for a passing failure: the whole request was turned away', async () => {
    const standIn = await startAfricasTalkingStandIn();
    try {
      const provider = providerFor({ ...standIn.settings, AFRICASTALKING_SENDER_ID: 'Unknown' });
      await expect(provider.send(sms)).rejects.toThrow(
        new SmsProviderUnavailable("Africa's Talking sent nothing: InvalidSenderId"),
      );
      const withoutSender = providerFor({ ...standIn.settings, AFRICASTALKING_SENDER_ID: '' });
      expect(await withoutSender.send(sms)).toMatchObject({ status: 'sent' });
      expect(standIn.messages.at(-1)?.from).toBeUndefined();
    } finally {
      await standIn.close();
    }
  });
});

describe('without SMS_PROVIDER', () => {
  it('keeps the SMS for the outbox and logs its kind only, never the number or the text, in any mode', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const provider = createSmsProvider(parseEnv({ NODE_ENV: 'development' }), pino({ level: 'info' }, stream));
    expect(provider.name).toBe('log');
    expect(await provider.send(sms)).toEqual({ status: 'logged' });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, smsKind: 'order-picked-up' });
    expect(lines[0]).not.toContain('245550102');
    expect(lines[0]).not.toContain('on its way');
  });
});

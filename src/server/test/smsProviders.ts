import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for the SMS providers (decision 019), real HTTP servers on a loopback port, so
 * the app reaches them over the network like the real ones and no test ever calls a provider.
 * Each is written from its provider's documented request and answers (the sources are cited on
 * each): it checks the credentials and headers the docs require and answers the documented error
 * when they are wrong, answers the documented success with a fresh message id, records every
 * message (to, text, from), can be made to fail (`setOutage`: 5xx answers, or the port refusing
 * connections) and posts delivery reports in the provider's documented format to a callback URL.
 * Nothing here depends on a test runner: end-to-end journeys use it too.
 */

interface SentSms {
  to: string;
  text: string;
  from: string | undefined;
  messageId: string;
  /** When it arrived, in milliseconds since the epoch (performance.timeOrigin + performance.now()), for latency benchmarks. */
  receivedAt: number;
}

/** `error`: every request answers 503; `unreachable`: the port refuses connections; null: working again. */
type Outage = 'error' | 'unreachable' | null;

export interface SmsProviderStandIn<ReportStatus extends string> {
  /** The address of its send endpoint. */
  readonly url: string;
  /** The app's settings that send through this stand-in (SMS_PROVIDER, keys, URL). */
  readonly settings: Record<string, string>;
  /** Every message it took, oldest first. */
  readonly messages: SentSms[];
  /** The messages once there are at least `count`; throws after `timeoutMs`. */
  waitForMessages(count: number, timeoutMs?: number): Promise<SentSms[]>;
  setOutage(outage: Outage): Promise<void>;
  /** Posts a delivery report for `messageId` to `callbackUrl` as the provider would; the HTTP status it got. */
  sendReport(callbackUrl: string, messageId: string, status: ReportStatus, failureReason?: string): Promise<number>;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

const answer = (res: ServerResponse, status: number, contentType: string, body: string) => {
  res.writeHead(status, { 'content-type': contentType });
  res.end(body);
};
const json = (res: ServerResponse, status: number, body: unknown) =>
  answer(res, status, 'application/json', JSON.stringify(body));

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A loopback server running `handler`, with the outage switch and the message log every stand-in shares. */
async function serve(path: string, handler: Handler) {
  let outage: Outage = null;
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      if (outage === 'error') return answer(res, 503, 'text/plain', 'Service Unavailable');
      if (new URL(req.url ?? '/', 'http://standin').pathname !== path) return answer(res, 404, 'text/plain', 'Not Found');
      handler(req, body, res);
    });
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  const port = await listen(0);
  const messages: SentSms[] = [];
  return {
    url: `http://127.0.0.1:${port}${path}`,
    messages,
    async waitForMessages(count: number, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`the stand-in got ${messages.length} SMS, not ${count}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return messages;
    },
    async setOutage(next: Outage) {
      if (next === 'unreachable' && server.listening) await stop();
      if (next !== 'unreachable' && !server.listening) await listen(port);
      outage = next;
    },
    close: () => (server.listening ? stop() : Promise.resolve()),
  };
}

async function post(url: string, contentType: string, body: string): Promise<number> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body });
  await res.arrayBuffer();
  return res.status;
}

/** A number as the stand-ins accept it: E.164, with or without the plus. */
const PHONE = /^\+?[1-9]\d{7,14}$/;

// ---- Africa's Talking -------------------------------------------------------------------------

/** Delivery report statuses (https://developers.africastalking.com/docs/sms/notifications). */
export type AfricasTalkingReportStatus = 'Sent' | 'Submitted' | 'Buffered' | 'Rejected' | 'Success' | 'Failed';

/**
 * Africa's Talking's bulk SMS endpoint (https://developers.africastalking.com/docs/sms/sending/bulk):
 * POST /version1/messaging, form-encoded username, to, message and optional from, with the
 * `apiKey` header. A wrong key or username answers 401 "The supplied authentication is invalid";
 * a request not asking for JSON is refused (the real API would answer XML); a `from` that is not
 * a registered sender id answers InvalidSenderId with no recipient; a malformed number gets the
 * recipient status 403 InvalidPhoneNumber; otherwise 201 with the recipient's status 101 Success
 * and a fresh ATXid_ message id. Reports are posted form-encoded: id, status, phoneNumber,
 * networkCode and failureReason (Rejected and Failed only).
 */
export async function startAfricasTalkingStandIn(
  options: { username?: string; apiKey?: string; senderIds?: string[] } = {},
): Promise<SmsProviderStandIn<AfricasTalkingReportStatus>> {
  const username = options.username ?? 'chopchop';
  const apiKey = options.apiKey ?? randomBytes(24).toString('hex');
  const senderIds = options.senderIds ?? ['ChopChop'];
  const sentTo = new Map<string, string>();

  const standIn = await serve('/version1/messaging', (req, body, res) => {
    const form = new URLSearchParams(req.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ? body : '');
    if (req.method !== 'POST') return answer(res, 405, 'text/plain', 'Method Not Allowed');
    if (req.headers.apikey !== apiKey || form.get('username') !== username) {
      return answer(res, 401, 'text/plain', 'The supplied authentication is invalid');
    }
    if (!req.headers.accept?.includes('application/json')) {
      return answer(res, 406, 'text/plain', 'This stand-in answers JSON only: send Accept: application/json');
    }
    const to = form.get('to');
    const text = form.get('message');
    if (!to || !text) return answer(res, 400, 'text/plain', 'Request is missing required form field');
    const from = form.get('from') ?? undefined;
    if (from !== undefined && !senderIds.includes(from)) {
      return json(res, 201, { SMSMessageData: { Message: 'InvalidSenderId', Recipients: [] } });
    }
    if (!PHONE.test(to) || !to.startsWith('+')) {
      return json(res, 201, {
        SMSMessageData: {
          Message: 'Sent to 0/1 Total Cost: 0',
          Recipients: [{ statusCode: 403, number: to, status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' }],
        },
      });
    }
    const messageId = `ATXid_${randomBytes(16).toString('hex')}`;
    standIn.messages.push({ to, text, from, messageId, receivedAt: performance.timeOrigin + performance.now() });
    sentTo.set(messageId, to);
    return json(res, 201, {
      SMSMessageData: {
        Message: 'Sent to 1/1 Total Cost: GHS 0.0300',
        Recipients: [{ statusCode: 101, number: to, status: 'Success', cost: 'GHS 0.0300', messageId, messageParts: 1 }],
      },
    });
  });

  return {
    ...standIn,
    settings: {
      SMS_PROVIDER: 'africastalking',
      AFRICASTALKING_USERNAME: username,
      AFRICASTALKING_API_KEY: apiKey,
      AFRICASTALKING_SENDER_ID: senderIds[0] ?? '',
      AFRICASTALKING_URL: standIn.url,
    },
    sendReport(callbackUrl, messageId, status, failureReason) {
      const report = new URLSearchParams({
        id: messageId,
        status,
        phoneNumber: sentTo.get(messageId) ?? '',
        networkCode: '62001',
      });
      if (failureReason && (status === 'Rejected' || status === 'Failed')) report.set('failureReason', failureReason);
      return post(callbackUrl, 'application/x-www-form-urlencoded', report.toString());
    },
  };
}

// ---- Hubtel -----------------------------------------------------------------------------------

/**
 * A message's status by its delivery receipt (https://businessdocs-developers.hubtel.com/docs/sms-status-check):
 * the docs show Delivered; the others are the telco words the app reads as failures.
 */
export type HubtelReportStatus = 'Delivered' | 'Undeliverable' | 'Rejected' | 'Expired' | 'Failed' | 'Submitted';

/**
 * Hubtel's SMS send endpoint (https://businessdocs-developers.hubtel.com/docs/simple-messaging):
 * POST /v1/messages/send, JSON From, To and Content, with HTTP Basic authentication of the client
 * id and secret. Wrong credentials answer 401; a missing field or a malformed number answer 400
 * with the subcode of https://hubtel.readme.io/reference/response-code (100 invalid request,
 * 1 invalid destination), as `status` and `statusDescription` like its success answer, which is
 * 201 with rate, a fresh messageId, status 0, networkId, clientReference and statusDescription.
 * Its docs publish no delivery-report callback: a report is posted as JSON in the shape of the
 * documented status check (messageId, status, updateTime...).
 */
export async function startHubtelStandIn(
  options: { clientId?: string; clientSecret?: string; sender?: string } = {},
): Promise<SmsProviderStandIn<HubtelReportStatus>> {
  const clientId = options.clientId ?? 'chopchop';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('hex');
  const sender = options.sender ?? 'ChopChop';
  const authorization = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  const sent = new Map<string, SentSms & { time: string }>();

  const standIn = await serve('/v1/messages/send', (req, body, res) => {
    if (req.method !== 'POST') return answer(res, 405, 'text/plain', 'Method Not Allowed');
    if (req.headers.authorization !== authorization) {
      return json(res, 401, { status: 401, statusDescription: 'The request authorization failed' });
    }
    let message: Record<string, unknown> = {};
    try {
      message = JSON.parse(body) as Record<string, unknown>;
    } catch {
      // An unreadable body is an invalid request, answered below.
    }
    const { From: from, To: to, Content: text } = message;
    if (typeof from !== 'string' || typeof to !== 'string' || typeof text !== 'string' || !from || !text) {
      return json(res, 400, { status: 100, statusDescription: 'General invalid request' });
    }
    if (!PHONE.test(to)) return json(res, 400, { status: 1, statusDescription: 'Invalid Destination address received' });
    const messageId = randomUUID();
    const receivedAt = performance.timeOrigin + performance.now();
    const record = { to, text, from, messageId, receivedAt, time: new Date().toISOString() };
    standIn.messages.push({ to, text, from, messageId, receivedAt });
    sent.set(messageId, record);
    return json(res, 201, {
      rate: 0.0309,
      messageId,
      status: 0,
      networkId: '62001',
      clientReference: null,
      statusDescription: 'request submitted successfully',
    });
  });

  return {
    ...standIn,
    settings: {
      SMS_PROVIDER: 'hubtel',
      HUBTEL_CLIENT_ID: clientId,
      HUBTEL_CLIENT_SECRET: clientSecret,
      HUBTEL_SENDER: sender,
      HUBTEL_URL: standIn.url,
    },
    sendReport(callbackUrl, messageId, status) {
      const message = sent.get(messageId);
      return post(
        callbackUrl,
        'application/json',
        JSON.stringify({
          rate: 0.0309,
          batchId: null,
          messageId,
          content: message?.text ?? '',
          status,
          updateTime: new Date().toISOString().slice(0, 19),
          time: message?.time ?? new Date().toISOString(),
          to: message?.to ?? '',
          from: message?.from ?? sender,
        }),
      );
    },
  };
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { PAYMENT_MESSAGES } from '@shared/payments/schemas.js';
import { AppError } from '../http/errors.js';

/**
 * Paystack's API as this server uses it (https://paystack.com/docs/api/transaction/): initialize
 * a transaction, verify it and refund it, with the secret key, at PAYSTACK_API_URL (a local stand-in in
 * tests). Replies are parsed with schemas: anything else counts as Paystack being unavailable.
 */

/** Paystack is a network away: a checkout waits this long for it, no longer. */
const PAYSTACK_TIMEOUT_MS = 15_000;

export interface PaystackKeys {
  apiUrl: string;
  secretKey: string;
}

const envelope = <T extends z.ZodType>(data: T) => z.object({ status: z.boolean(), message: z.string().optional(), data });

const initializeReply = envelope(
  z.object({ authorization_url: z.string(), access_code: z.string().min(1), reference: z.string() }),
);

/** How the customer paid, as Paystack names it: card, mobile_money, bank, ussd, qr, bank_transfer, ... */
const channel = z.string().max(40).optional().catch(undefined);

const verifyReply = envelope(
  z.looseObject({ status: z.string(), reference: z.string(), amount: z.number().int(), currency: z.string(), channel }),
);
export type VerifiedTransaction = z.infer<typeof verifyReply>['data'];

/** Paystack could not be asked, or did not answer as documented: 502, with PAYMENT_MESSAGES.error's 'Payment error: ...'. */
const providerUnavailable = () => new AppError(502, 'internal', PAYMENT_MESSAGES.error(PAYMENT_MESSAGES.providerUnavailable));

/** What Paystack answered: its HTTP status and its body as JSON (undefined when it was not JSON). */
export interface PaystackAnswer {
  httpStatus: number;
  json: unknown;
}

/**
 * Asks Paystack `path` (a GET, or a POST of `body`) with the secret key, within
 * PAYSTACK_TIMEOUT_MS; undefined when it could not be asked or did not answer in time. Callers
 * that must tell a refusal from an outage (payouts) read the answer themselves; others use call().
 */
export async function askPaystack(keys: PaystackKeys, path: string, body?: object): Promise<PaystackAnswer | undefined> {
  try {
    const res = await fetch(new URL(path, keys.apiUrl.endsWith('/') ? keys.apiUrl : `${keys.apiUrl}/`), {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${keys.secretKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(PAYSTACK_TIMEOUT_MS),
    });
    return { httpStatus: res.status, json: await res.json().catch(() => undefined) };
  } catch {
    return undefined;
  }
}

async function call<T extends z.ZodType<{ status: boolean }>>(
  keys: PaystackKeys,
  path: string,
  reply: T,
  body?: object,
): Promise<z.infer<T>> {
  const answer = await askPaystack(keys, path, body);
  if (!answer) throw providerUnavailable();
  const parsed = reply.safeParse(answer.json);
  if (answer.httpStatus < 200 || answer.httpStatus > 299 || !parsed.success || !parsed.data.status) throw providerUnavailable();
  return parsed.data;
}

/** POST /transaction/initialize: the access code the browser's popup resumes. */
export async function initializeTransaction(
  keys: PaystackKeys,
  transaction: { email: string; amount: number; currency: string; reference: string },
): Promise<string> {
  const reply = await call(keys, 'transaction/initialize', initializeReply, transaction);
  return reply.data.access_code;
}

/** GET /transaction/verify/:reference: what Paystack knows of the payment. */
export async function verifyTransaction(keys: PaystackKeys, reference: string): Promise<VerifiedTransaction> {
  const reply = await call(keys, `transaction/verify/${encodeURIComponent(reference)}`, verifyReply);
  return reply.data;
}

const refundReply = envelope(z.looseObject({ status: z.string().optional() }));

/** POST /refund: gives the whole of a successful transaction back to the customer's card. */
export async function refundTransaction(keys: PaystackKeys, refund: { transaction: string }): Promise<void> {
  await call(keys, 'refund', refundReply, refund);
}

/** x-paystack-signature: the HMAC-SHA512 of the raw body with the secret key, in hex. */
function webhookSignature(secretKey: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

/** Whether `signature` is the body's, compared in constant time. */
export function isSignedByPaystack(secretKey: string, rawBody: Buffer, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(webhookSignature(secretKey, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** The part of a `charge.success` event this server reads. */
export const chargeEventSchema = z.looseObject({
  event: z.string(),
  data: z.looseObject({
    status: z.string().optional(),
    reference: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    channel,
  }),
});

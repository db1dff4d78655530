import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { inlineScript, paymentPage } from './paystackCheckout.js';
import { createTransferDesk, type TransferStandIn } from './paystackTransfers.js';
import { json, readJson, sign } from './standInHttp.js';

export { sign };

/**
 * A local stand-in for Paystack's API (https://paystack.com/docs/api/), a real HTTP server on a
 * loopback port, so tests reach it over the network like the real one and no test ever calls
 * Paystack: POST /transaction/initialize, GET /transaction/verify/:reference and POST /refund with
 * Paystack's reply shapes ({ status, message, data }), checked against the secret key. A test marks a
 * reference paid with pay() (optionally of another amount or currency) or declined with decline(),
 * and sends signed webhooks. Transfers (payouts: banks, resolve, recipients, transfers, verify,
 * balance and the transfer webhooks) are `transfers` (paystackTransfers.ts).
 * For browsers it also serves, without the key, Paystack's inline script at /inline.js and the
 * payment page its popup opens at /pay/<accessCode>, whose 'Pay' marks the transaction paid and
 * posts a signed charge.success to `webhookUrl` as Paystack would (paystackCheckout.ts).
 */

export const TEST_PAYSTACK_KEYS = {
  PAYSTACK_PUBLIC_KEY: 'pk_test_standin0000000000000000000000000000',
  PAYSTACK_SECRET_KEY: 'sk_test_standin0000000000000000000000000000',
};

/** The app settings of a test that pays against `standIn`: its keys and URL, no sweep timer, no rate limits. */
export const paystackTestConfig = (standIn: Pick<PaystackStandIn, 'url'>) => ({
  ...TEST_PAYSTACK_KEYS,
  PAYSTACK_API_URL: standIn.url,
  PAYMENT_SWEEP_SECONDS: '0',
  RATE_LIMIT_DISABLED: 'true',
});

interface Transaction {
  id: number;
  reference: string;
  email: string;
  amount: number;
  currency: string;
  accessCode: string;
  status: 'abandoned' | 'success' | 'failed';
  /** What the customer paid, when pay() says other than asked. */
  paidAmount?: number;
  paidCurrency?: string;
  paidChannel?: string;
  paidAt?: string;
}

interface Refund {
  transaction: string;
  amount: number;
}

export interface PaystackStandIn {
  url: string;
  secretKey: string;
  transactions: Map<string, Transaction>;
  refunds: Refund[];
  /** Where 'Pay' on the payment page sends its charge.success webhook (none when unset). */
  webhookUrl: string | undefined;
  /** Calls per route: 'initialize', 'verify', 'refund'. */
  calls: Record<string, number>;
  /** Marks a reference paid, of its own amount and currency unless told otherwise. */
  pay(reference: string, paid?: { amount?: number; currency?: string; channel?: string }): void;
  /** Marks a reference failed, as Paystack reports a charge the card's bank declined: nothing was taken. */
  decline(reference: string): void;
  /** A charge.success event for the reference, as Paystack sends it, with its x-paystack-signature. */
  chargeSuccess(reference: string, signWith?: string): { body: string; signature: string };
  /** Posts a signed charge.success for the reference to `url` over HTTP, as Paystack would. */
  sendWebhook(url: string, reference: string): Promise<number>;
  /** The next initialize answers this HTTP status (a Paystack outage). */
  failNextInitialize(status: number): void;
  /** While true, every refund answers 503 (a Paystack outage). */
  failRefunds(failing: boolean): void;
  /** Transfer recipients, transfers, the balance and the transfer webhooks (paystackTransfers.ts). */
  transfers: TransferStandIn;
  close(): Promise<void>;
}

/** A transaction as Paystack describes it; one it has refunded in full it reports as reversed. */
function transactionData(t: Transaction, reversed = false) {
  return {
    id: t.id,
    domain: 'test',
    status: reversed ? 'reversed' : t.status,
    reference: t.reference,
    amount: t.status === 'success' ? (t.paidAmount ?? t.amount) : t.amount,
    message: null,
    gateway_response: { success: 'Successful', failed: 'Declined', abandoned: 'The transaction was not completed' }[t.status],
    paid_at: t.paidAt ?? null,
    created_at: new Date().toISOString(),
    channel: t.paidChannel ?? 'card',
    currency: t.status === 'success' ? (t.paidCurrency ?? t.currency) : t.currency,
    fees: 0,
    customer: { id: 1, email: t.email, customer_code: 'CUS_standin' },
    authorization: { card_type: 'visa', last4: '4081', bank: 'TEST BANK', reusable: true },
  };
}

const send = (res: ServerResponse, contentType: string, body: string) => {
  res.writeHead(200, { 'content-type': contentType, 'access-control-allow-origin': '*', 'cache-control': 'no-store' });
  res.end(body);
};

export async function startPaystackStandIn(
  secretKey = TEST_PAYSTACK_KEYS.PAYSTACK_SECRET_KEY,
  options: { webhookUrl?: string } = {},
): Promise<PaystackStandIn> {
  const transactions = new Map<string, Transaction>();
  const refunds: Refund[] = [];
  const calls: Record<string, number> = { initialize: 0, verify: 0, refund: 0 };
  let nextId = 1;
  let failInitialize: number | undefined;
  let failRefunds = false;
  const transferDesk = createTransferDesk(secretKey, calls);

  const byAccessCode = (code: string) => [...transactions.values()].find((t) => t.accessCode === decodeURIComponent(code));

  /** The browser's routes: the inline script, the payment page and its 'Pay'; true when the request was one. */
  function servedToBrowser(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
    if (req.method === 'GET' && url.pathname === '/inline.js') {
      send(res, 'text/javascript; charset=utf-8', inlineScript(standIn.url));
      return true;
    }
    const page = /^\/pay\/([^/]+)$/.exec(url.pathname);
    if (!page) return false;
    const t = byAccessCode(page[1] ?? '');
    if (req.method === 'GET') {
      send(res, 'text/html; charset=utf-8', paymentPage(t));
      return true;
    }
    if (req.method !== 'POST') return false;
    if (!t || t.status !== 'abandoned') {
      json(res, 400, { status: false, message: 'This payment cannot be made' });
      return true;
    }
    standIn.pay(t.reference);
    // Paystack's webhook travels on its own, racing the browser's verify.
    if (standIn.webhookUrl) void standIn.sendWebhook(standIn.webhookUrl, t.reference).catch(() => undefined);
    json(res, 200, { status: true, reference: t.reference });
    return true;
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      if (servedToBrowser(req, res, new URL(req.url ?? '/', 'http://standin'))) return;
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return json(res, 401, { status: false, message: 'Invalid key' });
      }
      const url = new URL(req.url ?? '/', 'http://standin');
      if (await transferDesk.handle(req, res, url)) return;
      if (req.method === 'POST' && url.pathname === '/transaction/initialize') {
        calls.initialize = (calls.initialize ?? 0) + 1;
        const body = await readJson(req);
        if (failInitialize) {
          const status = failInitialize;
          failInitialize = undefined;
          return json(res, status, { status: false, message: 'Service unavailable' });
        }
        const { email, amount, currency, reference } = body;
        if (typeof email !== 'string' || typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
          return json(res, 400, { status: false, message: 'Invalid amount or email' });
        }
        const ref = typeof reference === 'string' ? reference : randomBytes(8).toString('hex');
        if (transactions.has(ref)) return json(res, 400, { status: false, message: 'Duplicate Transaction Reference' });
        const accessCode = randomBytes(8).toString('hex');
        transactions.set(ref, {
          id: nextId++,
          reference: ref,
          email,
          amount,
          currency: typeof currency === 'string' ? currency : 'NGN',
          accessCode,
          status: 'abandoned',
        });
        return json(res, 200, {
          status: true,
          message: 'Authorization URL created',
          data: { authorization_url: `https://checkout.paystack.com/${accessCode}`, access_code: accessCode, reference: ref },
        });
      }
      const verify = /^\/transaction\/verify\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && verify) {
        calls.verify = (calls.verify ?? 0) + 1;
        const t = transactions.get(decodeURIComponent(verify[1] ?? ''));
        if (!t) return json(res, 400, { status: false, message: 'Transaction reference not found' });
        return json(res, 200, {
          status: true,
          message: 'Verification successful',
          data: transactionData(
            t,
            refunds.some((refund) => refund.transaction === t.reference),
          ),
        });
      }
      if (req.method === 'POST' && url.pathname === '/refund') {
        calls.refund = (calls.refund ?? 0) + 1;
        const body = await readJson(req);
        const t = typeof body.transaction === 'string' ? transactions.get(body.transaction) : undefined;
        if (!t || t.status !== 'success') return json(res, 400, { status: false, message: 'Transaction not found or not paid' });
        if (refunds.some((r) => r.transaction === t.reference)) {
          return json(res, 400, { status: false, message: 'Transaction has been fully reversed' });
        }
        if (failRefunds) return json(res, 503, { status: false, message: 'Service unavailable' });
        const amount = typeof body.amount === 'number' ? body.amount : (t.paidAmount ?? t.amount);
        refunds.push({ transaction: t.reference, amount });
        return json(res, 200, {
          status: true,
          message: 'Refund has been queued for processing',
          data: {
            transaction: { id: t.id, reference: t.reference, amount: t.paidAmount ?? t.amount, currency: t.currency },
            amount,
            currency: t.paidCurrency ?? t.currency,
            status: 'pending',
          },
        });
      }
      return json(res, 404, { status: false, message: 'Not found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const standIn: PaystackStandIn = {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookUrl: options.webhookUrl,
    transactions,
    refunds,
    calls,
    pay(reference, paid = {}) {
      const t = transactions.get(reference);
      if (!t) throw new Error(`the stand-in never initialized ${reference}`);
      Object.assign(t, {
        status: 'success',
        paidAmount: paid.amount,
        paidCurrency: paid.currency,
        paidChannel: paid.channel,
        paidAt: new Date().toISOString(),
      });
    },
    decline(reference) {
      const t = transactions.get(reference);
      if (!t) throw new Error(`the stand-in never initialized ${reference}`);
      t.status = 'failed';
    },
    chargeSuccess(reference, signWith = secretKey) {
      const t = transactions.get(reference);
      if (!t) throw new Error(`the stand-in never initialized ${reference}`);
      const body = JSON.stringify({ event: 'charge.success', data: transactionData(t) });
      return { body, signature: sign(signWith, body) };
    },
    async sendWebhook(url, reference) {
      const { body, signature } = standIn.chargeSuccess(reference);
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
        body,
      });
      return res.status;
    },
    failNextInitialize(status) {
      failInitialize = status;
    },
    failRefunds(failing) {
      failRefunds = failing;
    },
    transfers: transferDesk.standIn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standIn;
}

/** A stand-in started before the test app (register this first) and emptied before each test. */
export function usePaystackStandIn(): PaystackStandIn {
  const holder = {} as { standIn: PaystackStandIn };
  beforeAll(async () => {
    holder.standIn = await startPaystackStandIn();
  });
  beforeEach(() => {
    holder.standIn.transactions.clear();
    holder.standIn.refunds.length = 0;
    holder.standIn.failRefunds(false);
    holder.standIn.transfers.reset();
    for (const key of Object.keys(holder.standIn.calls)) holder.standIn.calls[key] = 0;
  });
  afterAll(async () => {
    await holder.standIn?.close();
  });
  return new Proxy({} as PaystackStandIn, {
    get: (_target, key) => Reflect.get(holder.standIn, key),
  });
}

import { randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { json, readJson, sign } from './standInHttp.js';

/**
 * The transfer side of the Paystack stand-in (paystack.ts), built from Paystack's documented
 * requests and replies (https://paystack.com/docs/api/transfer/, /transfer-recipient/,
 * /transfer-control/, /verification/ and /miscellaneous/): GET /bank (List Banks, with its
 * cursor paging), GET /bank/resolve (Resolve Account Number), POST /transferrecipient, POST
 * /transfer, POST /transfer/finalize_transfer, POST /transfer/resend_otp, GET
 * /transfer/verify/:reference and GET /balance,
 * and signed transfer.success, transfer.failed and transfer.reversed webhooks. A transfer
 * reference is made once: asking again with it answers the duplicate error, whatever happened.
 */

type TransferStatus = 'otp' | 'pending' | 'success' | 'failed' | 'reversed';
type TransferEvent = 'transfer.success' | 'transfer.failed' | 'transfer.reversed';

interface Bank {
  id: number;
  code: string;
  name: string;
  country: 'Ghana' | 'Nigeria' | 'Kenya';
  currency: 'GHS' | 'NGN' | 'KES';
  type: 'ghipss' | 'mobile_money' | 'nuban' | 'kepss';
  active: boolean;
}

const BANK_ROWS: Omit<Bank, 'id'>[] = [
  { code: '280100', name: 'Access Bank Ghana', country: 'Ghana', currency: 'GHS', type: 'ghipss', active: true },
  { code: '030100', name: 'Absa Bank Ghana', country: 'Ghana', currency: 'GHS', type: 'ghipss', active: true },
  { code: '130100', name: 'Ecobank Ghana', country: 'Ghana', currency: 'GHS', type: 'ghipss', active: true },
  { code: '999100', name: 'Closed Savings and Loans', country: 'Ghana', currency: 'GHS', type: 'ghipss', active: false },
  { code: 'MTN', name: 'MTN Mobile Money', country: 'Ghana', currency: 'GHS', type: 'mobile_money', active: true },
  { code: 'ATL', name: 'AirtelTigo Money', country: 'Ghana', currency: 'GHS', type: 'mobile_money', active: true },
  { code: 'VOD', name: 'Telecel Cash', country: 'Ghana', currency: 'GHS', type: 'mobile_money', active: true },
  { code: '044', name: 'Access Bank', country: 'Nigeria', currency: 'NGN', type: 'nuban', active: true },
  { code: '058', name: 'Guaranty Trust Bank', country: 'Nigeria', currency: 'NGN', type: 'nuban', active: true },
  { code: '033', name: 'United Bank For Africa', country: 'Nigeria', currency: 'NGN', type: 'nuban', active: true },
  { code: '011', name: 'First Bank of Nigeria', country: 'Nigeria', currency: 'NGN', type: 'nuban', active: true },
  { code: '01', name: 'Kenya Commercial Bank', country: 'Kenya', currency: 'KES', type: 'kepss', active: true },
  { code: '68', name: 'Equity Bank Kenya', country: 'Kenya', currency: 'KES', type: 'kepss', active: true },
  { code: 'MPESA', name: 'M-PESA', country: 'Kenya', currency: 'KES', type: 'mobile_money', active: true },
  { code: 'AIRTEL', name: 'Airtel Money Kenya', country: 'Kenya', currency: 'KES', type: 'mobile_money', active: true },
];
const BANKS: Bank[] = BANK_ROWS.map((bank, index) => ({ ...bank, id: 300 + index }));

interface Recipient {
  id: number;
  code: string;
  type: string;
  name: string;
  accountNumber: string;
  bankCode: string;
  bankName: string;
  currency: string;
  createdAt: string;
}

export interface Transfer {
  id: number;
  reference: string;
  transferCode: string;
  amount: number;
  currency: string;
  recipientCode: string;
  reason: string | null;
  status: TransferStatus;
  /** Paystack's gateway message for a failed or reversed transfer. */
  gatewayResponse: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface TransferStandIn {
  /** Transfer recipients made, by recipient code. */
  recipients: Map<string, Recipient>;
  /** Transfers made, by reference: one per reference however often it is asked. */
  transfers: Map<string, Transfer>;
  /** The integration's balance per currency, minor units; a transfer takes its amount, a failed or reversed one gives it back. */
  balances: Map<string, number>;
  /** What POST /transfer answers a new transfer with: 'pending' (transfers OTP off, the default), 'otp' or 'success'. */
  mode: 'pending' | 'otp' | 'success';
  /** The OTP finalize_transfer accepts; resend_otp replaces it with a new one. */
  otp: string;
  /**
   * After each transfer accepted as pending, after `delayMs`: settled with `outcome` and its
   * signed webhook posted to webhookUrl (retried a few times until answered 200), at most
   * `concurrency` webhooks in flight, as Paystack would.
   */
  autoSettle: { outcome: 'success' | 'failed'; delayMs: number; concurrency: number } | undefined;
  webhookUrl: string | undefined;
  /** A recipient made without HTTP (benchmarks that need thousands), as POST /transferrecipient would; answers its code. */
  addRecipient(recipient: { type: Bank['type']; name: string; accountNumber: string; bankCode: string }): string;
  /** Resolve answers this name for the number (otherwise a made-up one). */
  nameAccount(accountNumber: string, name: string): void;
  /** Resolve cannot find this number (Paystack's 422). */
  refuseAccount(accountNumber: string): void;
  /** The next `count` POST /transfer are made and then the connection is cut before any answer (a crash after Paystack accepted). */
  dropTransferAnswers(count: number): void;
  /** The next `count` POST /transfer answer 503 and make nothing. */
  failTransfers(count: number): void;
  /** The next `count` verifies answer 503. */
  failVerifies(count: number): void;
  /** Moves a transfer to `outcome` (giving a failed or reversed one's amount back to the balance); no webhook. */
  settle(reference: string, outcome: 'success' | 'failed' | 'reversed', reason?: string): Transfer;
  /** The signed event for the transfer as it stands (transfer.success etc. from its status unless `event` says), signed with `signWith`. */
  event(reference: string, event?: TransferEvent, signWith?: string): { body: string; signature: string };
  /** Posts the signed event to `url` over HTTP, as Paystack would; answers the HTTP status. */
  sendWebhook(url: string, reference: string, event?: TransferEvent): Promise<number>;
  /** Resolves once every webhook autoSettle queued has been answered (or given up on). */
  webhooksSent(): Promise<void>;
  reset(): void;
}

const INTEGRATION = 463433;
const MAX_PER_PAGE = 100;
const DEFAULT_BALANCE = 100_000_000_000;
/** Paystack's rule for a transfer reference: 16 to 50 of a-z, 0-9, - and _. */
const REFERENCE = /^[a-z0-9_-]{16,50}$/;

const bankData = (bank: Bank) => ({
  name: bank.name,
  slug: bank.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  code: bank.code,
  longcode: '',
  gateway: null,
  pay_with_bank: false,
  active: bank.active,
  is_deleted: false,
  country: bank.country,
  currency: bank.currency,
  type: bank.type,
  id: bank.id,
  createdAt: '2020-12-07T16:19:09.000Z',
  updatedAt: '2020-12-07T16:19:19.000Z',
});

const recipientData = (recipient: Recipient) => ({
  active: true,
  createdAt: recipient.createdAt,
  currency: recipient.currency,
  description: null,
  domain: 'test',
  email: null,
  id: recipient.id,
  integration: INTEGRATION,
  metadata: null,
  name: recipient.name,
  recipient_code: recipient.code,
  type: recipient.type,
  updatedAt: recipient.createdAt,
  is_deleted: false,
  isDeleted: false,
  details: {
    authorization_code: null,
    account_number: recipient.accountNumber,
    account_name: recipient.name,
    bank_code: recipient.bankCode,
    bank_name: recipient.bankName,
  },
});

/** A transfer as POST /transfer and finalize answer it: the recipient by id. */
const initiatedData = (t: Transfer, recipient: Recipient | undefined) => ({
  transfersessionid: [],
  transfertrials: [],
  domain: 'test',
  amount: t.amount,
  currency: t.currency,
  reference: t.reference,
  source: 'balance',
  source_details: null,
  reason: t.reason,
  status: t.status,
  failures: null,
  transfer_code: t.transferCode,
  titan_code: null,
  transferred_at: null,
  id: t.id,
  integration: INTEGRATION,
  request: 1_068_439_313 + t.id,
  recipient: recipient?.id ?? 0,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
});

/** A transfer as verify and the webhooks describe it: the recipient in full. */
const transferData = (t: Transfer, recipient: Recipient | undefined) => ({
  amount: t.amount,
  createdAt: t.createdAt,
  currency: t.currency,
  domain: 'test',
  failures: null,
  id: t.id,
  integration: INTEGRATION,
  reason: t.reason,
  reference: t.reference,
  source: 'balance',
  source_details: null,
  status: t.status,
  titan_code: null,
  transfer_code: t.transferCode,
  request: 1_068_439_313 + t.id,
  transferred_at: t.status === 'success' ? t.updatedAt : null,
  updatedAt: t.updatedAt,
  recipient: recipient ? recipientData(recipient) : null,
  session: { provider: null, id: null },
  fee_charged: 0,
  fees_breakdown: null,
  gateway_response: t.gatewayResponse,
});

const EVENT_OF: Partial<Record<TransferStatus, TransferEvent>> = {
  success: 'transfer.success',
  failed: 'transfer.failed',
  reversed: 'transfer.reversed',
};

/**
 * The transfer routes and their state, for startPaystackStandIn: `handle` answers a request it
 * knows (after the key was checked) and says whether it did.
 */
export function createTransferDesk(secretKey: string, calls: Record<string, number>) {
  const recipients = new Map<string, Recipient>();
  const transfers = new Map<string, Transfer>();
  const balances = new Map<string, number>();
  const names = new Map<string, string>();
  const refused = new Set<string>();
  let nextId = 1;
  let dropAnswers = 0;
  let failTransfers = 0;
  let failVerifies = 0;
  const outbox: { reference: string; tries: number }[] = [];
  let inFlight = 0;
  let drained: (() => void)[] = [];

  const count = (name: string) => {
    calls[name] = (calls[name] ?? 0) + 1;
  };
  const now = () => new Date().toISOString();
  const balanceOf = (currency: string) => balances.get(currency) ?? DEFAULT_BALANCE;
  const bankOf = (code: unknown, type?: unknown) =>
    BANKS.find((bank) => bank.code === code && (type === undefined || bank.type === type));

  function listBanks(res: ServerResponse, url: URL) {
    count('banks');
    const country = url.searchParams.get('country')?.toLowerCase();
    const type = url.searchParams.get('type');
    const currency = url.searchParams.get('currency');
    const matching = BANKS.filter(
      (bank) =>
        (!country || bank.country.toLowerCase() === country) &&
        (!type || bank.type === type) &&
        (!currency || bank.currency === currency),
    );
    const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Number(url.searchParams.get('perPage') ?? 50) || 50));
    const after = url.searchParams.get('next');
    const start = after ? Number(Buffer.from(after, 'base64').toString('utf8').replace('bank:', '')) : 0;
    const page = matching.slice(start, start + perPage);
    const next = start + perPage < matching.length ? Buffer.from(`bank:${start + perPage}`).toString('base64') : null;
    json(res, 200, {
      status: true,
      message: 'Banks retrieved',
      data: page.map(bankData),
      meta: {
        next,
        previous: start > 0 ? Buffer.from(`bank:${Math.max(0, start - perPage)}`).toString('base64') : null,
        perPage,
      },
    });
  }

  function resolve(res: ServerResponse, url: URL) {
    count('resolve');
    const accountNumber = url.searchParams.get('account_number') ?? '';
    const bank = bankOf(url.searchParams.get('bank_code'));
    if (!bank || !/^[0-9]{6,20}$/.test(accountNumber) || refused.has(accountNumber)) {
      return json(res, 422, { status: false, message: 'Could not resolve account name. Check parameters or try again.' });
    }
    json(res, 200, {
      status: true,
      message: 'Account number resolved',
      data: {
        account_number: accountNumber,
        account_name: names.get(accountNumber) ?? `TEST HOLDER ${accountNumber.slice(-4)}`,
        bank_id: bank.id,
      },
    });
  }

  function createRecipient(res: ServerResponse, body: Record<string, unknown>) {
    count('recipient');
    const { type, name, account_number: accountNumber, bank_code: bankCode, currency } = body;
    const bank = bankOf(bankCode, type);
    if (typeof name !== 'string' || !name || typeof accountNumber !== 'string' || !accountNumber) {
      return json(res, 400, { status: false, message: 'Name and account number are required' });
    }
    if (!bank) return json(res, 400, { status: false, message: 'Cannot resolve bank code for this recipient type' });
    if (currency !== undefined && currency !== bank.currency) {
      return json(res, 400, { status: false, message: 'Currency not supported for this recipient type' });
    }
    // Paystack: a duplicate account number retrieves the existing recipient.
    let recipient = [...recipients.values()].find(
      (r) => r.type === type && r.bankCode === bank.code && r.accountNumber === accountNumber,
    );
    if (!recipient) {
      recipient = {
        id: 20_317_600 + nextId++,
        code: `RCP_${randomBytes(8).toString('hex')}`,
        type: bank.type,
        name,
        accountNumber,
        bankCode: bank.code,
        bankName: bank.name,
        currency: bank.currency,
        createdAt: now(),
      };
      recipients.set(recipient.code, recipient);
    }
    json(res, 201, { status: true, message: 'Transfer recipient created successfully', data: recipientData(recipient) });
  }

  function initiate(req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) {
    count('transfer');
    const { source, amount, recipient: code, reference, reason, currency = 'NGN' } = body;
    if (failTransfers > 0) {
      failTransfers -= 1;
      return json(res, 503, { status: false, message: 'Service unavailable' });
    }
    if (source !== 'balance') return json(res, 400, { status: false, message: 'Invalid source' });
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
      return json(res, 400, { status: false, message: 'Invalid amount' });
    }
    const recipient = typeof code === 'string' ? recipients.get(code) : undefined;
    if (!recipient) return json(res, 400, { status: false, message: 'Recipient specified is invalid' });
    if (currency !== recipient.currency)
      return json(res, 400, { status: false, message: 'Currency does not match the recipient' });
    const ref = reference === undefined ? randomBytes(10).toString('hex') : reference;
    if (typeof ref !== 'string' || !REFERENCE.test(ref)) {
      return json(res, 400, { status: false, message: 'Invalid transfer reference' });
    }
    if (transfers.has(ref)) return json(res, 400, { status: false, message: 'Duplicate Transfer Reference' });
    if (balanceOf(currency) < amount) {
      return json(res, 400, { status: false, message: 'Your balance is not enough to fulfil this request' });
    }
    balances.set(currency, balanceOf(currency) - amount);
    const at = now();
    const transfer: Transfer = {
      id: 860_000_000 + nextId++,
      reference: ref,
      transferCode: `TRF_${randomBytes(8).toString('hex')}`,
      amount,
      currency,
      recipientCode: recipient.code,
      reason: typeof reason === 'string' ? reason : null,
      status: standIn.mode,
      gatewayResponse: null,
      createdAt: at,
      updatedAt: at,
    };
    transfers.set(ref, transfer);
    if (transfer.status === 'pending') scheduleSettlement(ref);
    if (dropAnswers > 0) {
      dropAnswers -= 1;
      req.socket.destroy();
      return;
    }
    const message = transfer.status === 'otp' ? 'Transfer requires OTP to continue' : 'Transfer has been queued';
    json(res, 200, { status: true, message, data: initiatedData(transfer, recipient) });
  }

  function finalize(res: ServerResponse, body: Record<string, unknown>) {
    count('finalize');
    const transfer = [...transfers.values()].find((t) => t.transferCode === body.transfer_code);
    if (!transfer) return json(res, 404, { status: false, message: 'Transfer not found' });
    if (transfer.status !== 'otp') return json(res, 400, { status: false, message: 'Transfer is not currently awaiting OTP' });
    if (body.otp !== standIn.otp) return json(res, 400, { status: false, message: 'Invalid OTP' });
    Object.assign(transfer, { status: 'success', updatedAt: now() });
    json(res, 200, {
      status: true,
      message: 'Transfer has been queued',
      data: initiatedData(transfer, recipients.get(transfer.recipientCode)),
    });
  }

  function resendOtp(res: ServerResponse, body: Record<string, unknown>) {
    count('resendOtp');
    const transfer = [...transfers.values()].find((t) => t.transferCode === body.transfer_code);
    if (!transfer) return json(res, 404, { status: false, message: 'Transfer not found' });
    if (body.reason !== 'resend_otp' && body.reason !== 'transfer')
      return json(res, 400, { status: false, message: 'Invalid reason' });
    if (transfer.status !== 'otp') return json(res, 400, { status: false, message: 'Transfer is not currently awaiting OTP' });
    standIn.otp = String(randomInt(100_000, 1_000_000));
    json(res, 200, { status: true, message: 'OTP has been resent' });
  }

  function verify(res: ServerResponse, reference: string) {
    count('transferVerify');
    if (failVerifies > 0) {
      failVerifies -= 1;
      return json(res, 503, { status: false, message: 'Service unavailable' });
    }
    const transfer = transfers.get(reference);
    if (!transfer) return json(res, 404, { status: false, message: 'Transfer not found' });
    json(res, 200, {
      status: true,
      message: 'Transfer retrieved',
      data: transferData(transfer, recipients.get(transfer.recipientCode)),
    });
  }

  function balance(res: ServerResponse) {
    count('balance');
    const currencies = new Set(['NGN', 'GHS', 'KES', ...balances.keys()]);
    json(res, 200, {
      status: true,
      message: 'Balances retrieved',
      data: [...currencies].map((currency) => ({ currency, balance: balanceOf(currency) })),
    });
  }

  function scheduleSettlement(reference: string) {
    const auto = standIn.autoSettle;
    if (!auto) return;
    setTimeout(() => {
      const transfer = transfers.get(reference);
      if (transfer?.status !== 'pending') return;
      standIn.settle(reference, auto.outcome, auto.outcome === 'failed' ? 'Account could not be credited' : undefined);
      outbox.push({ reference, tries: 0 });
      pump();
    }, auto.delayMs).unref();
  }

  /** Sends queued webhooks, at most autoSettle.concurrency at a time, each retried up to 5 times. */
  function pump() {
    const limit = standIn.autoSettle?.concurrency ?? 8;
    while (inFlight < limit && outbox.length > 0) {
      const item = outbox.shift()!;
      inFlight += 1;
      const url = standIn.webhookUrl;
      const attempt = url ? standIn.sendWebhook(url, item.reference).catch(() => 0) : Promise.resolve(200);
      void attempt.then((status) => {
        inFlight -= 1;
        if (status !== 200 && item.tries < 5) {
          item.tries += 1;
          setTimeout(() => {
            outbox.push(item);
            pump();
          }, 100).unref();
        }
        pump();
        if (inFlight === 0 && outbox.length === 0) {
          const waiting = drained;
          drained = [];
          for (const resolve of waiting) resolve();
        }
      });
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (req.method === 'GET' && url.pathname === '/bank') {
      listBanks(res, url);
      return true;
    }
    if (req.method === 'GET' && url.pathname === '/bank/resolve') {
      resolve(res, url);
      return true;
    }
    if (req.method === 'POST' && url.pathname === '/transferrecipient') {
      createRecipient(res, await readJson(req));
      return true;
    }
    if (req.method === 'POST' && url.pathname === '/transfer') {
      initiate(req, res, await readJson(req));
      return true;
    }
    if (req.method === 'POST' && url.pathname === '/transfer/finalize_transfer') {
      finalize(res, await readJson(req));
      return true;
    }
    if (req.method === 'POST' && url.pathname === '/transfer/resend_otp') {
      resendOtp(res, await readJson(req));
      return true;
    }
    const verifying = /^\/transfer\/verify\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && verifying) {
      verify(res, decodeURIComponent(verifying[1] ?? ''));
      return true;
    }
    if (req.method === 'GET' && url.pathname === '/balance') {
      balance(res);
      return true;
    }
    return false;
  }

  const standIn: TransferStandIn = {
    recipients,
    transfers,
    balances,
    mode: 'pending',
    otp: '123456',
    autoSettle: undefined,
    webhookUrl: undefined,
    addRecipient({ type, name, accountNumber, bankCode }) {
      const bank = bankOf(bankCode, type);
      if (!bank) throw new Error(`the stand-in has no ${type} bank ${bankCode}`);
      const code = `RCP_${randomBytes(8).toString('hex')}`;
      recipients.set(code, {
        id: 20_317_600 + nextId++,
        code,
        type,
        name,
        accountNumber,
        bankCode,
        bankName: bank.name,
        currency: bank.currency,
        createdAt: now(),
      });
      return code;
    },
    nameAccount: (accountNumber, name) => void names.set(accountNumber, name),
    refuseAccount: (accountNumber) => void refused.add(accountNumber),
    dropTransferAnswers: (n) => void (dropAnswers = n),
    failTransfers: (n) => void (failTransfers = n),
    failVerifies: (n) => void (failVerifies = n),
    settle(reference, outcome, reason) {
      const transfer = transfers.get(reference);
      if (!transfer) throw new Error(`the stand-in never made transfer ${reference}`);
      const gaveBack = transfer.status === 'failed' || transfer.status === 'reversed';
      if ((outcome === 'failed' || outcome === 'reversed') && !gaveBack) {
        balances.set(transfer.currency, balanceOf(transfer.currency) + transfer.amount);
      }
      Object.assign(transfer, { status: outcome, gatewayResponse: reason ?? null, updatedAt: now() });
      return transfer;
    },
    event(reference, event, signWith = secretKey) {
      const transfer = transfers.get(reference);
      if (!transfer) throw new Error(`the stand-in never made transfer ${reference}`);
      const name = event ?? EVENT_OF[transfer.status];
      if (!name) throw new Error(`transfer ${reference} is ${transfer.status}: no event to send`);
      const body = JSON.stringify({
        event: name,
        data: {
          ...transferData(transfer, recipients.get(transfer.recipientCode)),
          integration: { id: INTEGRATION, is_live: false, business_name: 'ChopChop Test' },
        },
      });
      return { body, signature: sign(signWith, body) };
    },
    async sendWebhook(url, reference, event) {
      const { body, signature } = standIn.event(reference, event);
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
        body,
      });
      await res.arrayBuffer();
      return res.status;
    },
    webhooksSent: () =>
      inFlight === 0 && outbox.length === 0 ? Promise.resolve() : new Promise<void>((resolve) => drained.push(resolve)),
    reset() {
      recipients.clear();
      transfers.clear();
      balances.clear();
      names.clear();
      refused.clear();
      dropAnswers = 0;
      failTransfers = 0;
      failVerifies = 0;
      outbox.length = 0;
      standIn.mode = 'pending';
      standIn.otp = '123456';
      standIn.autoSettle = undefined;
    },
  };
  return { handle, standIn };
}

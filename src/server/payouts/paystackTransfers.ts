import { z } from 'zod';
import { askPaystack, type PaystackKeys } from '../payments/paystack.js';

/**
 * Paystack's transfer API as payouts use it (https://paystack.com/docs/api/transfer/ and the
 * pages of transfer recipients, transfers control, verification and banks): list banks, resolve
 * an account, create a transfer recipient, initiate, finalize and verify a transfer, and read the
 * balance. Unlike card payments, a payout must tell Paystack refusing (it did nothing:
 * `PaystackRefusal`, with Paystack's message) from Paystack not answering (it may have acted:
 * `PaystackUnavailable`), since only the second calls for asking verify before anything else.
 */

/** Paystack answered that it would not do it (4xx, status false): nothing was made. */
export class PaystackRefusal extends Error {
  constructor(
    public readonly httpStatus: number,
    message: string,
  ) {
    super(message);
    this.name = 'PaystackRefusal';
  }

  /** A transfer with this reference exists already. */
  get isDuplicate(): boolean {
    return /duplicate|already exists/i.test(this.message);
  }
}

/** Paystack could not be asked, did not answer in time, failed (5xx) or answered other than documented: it may have acted. */
export class PaystackUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaystackUnavailable';
  }
}

/**
 * Free text Paystack passes on from banks: any length, cut to `max` and without NUL (which
 * PostgreSQL's text refuses), so an unusual reason never turns a documented answer into an
 * undocumented one.
 */
export const paystackText = (max: number) => z.string().transform((text) => text.replaceAll('\u0000', '').slice(0, max));

const failureEnvelope = z.looseObject({ status: z.literal(false), message: paystackText(500).optional() });

async function ask<T extends z.ZodType>(keys: PaystackKeys, path: string, data: T, body?: object): Promise<z.infer<T>> {
  const answer = await askPaystack(keys, path, body);
  if (!answer) throw new PaystackUnavailable('Paystack could not be reached');
  const { httpStatus, json } = answer;
  // 401: our key is wrong; 429: too many requests. Neither says anything about what was asked.
  if (httpStatus >= 500 || httpStatus === 401 || httpStatus === 429) {
    throw new PaystackUnavailable(`Paystack answered HTTP ${httpStatus}`);
  }
  if (httpStatus >= 400) {
    const failure = failureEnvelope.safeParse(json);
    if (!failure.success) throw new PaystackUnavailable(`Paystack answered HTTP ${httpStatus} without its error`);
    throw new PaystackRefusal(httpStatus, failure.data.message ?? `Paystack refused it (HTTP ${httpStatus})`);
  }
  const parsed = z.looseObject({ status: z.literal(true), data }).safeParse(json);
  if (!parsed.success) throw new PaystackUnavailable('Paystack answered other than documented');
  return parsed.data.data as z.infer<T>;
}

const bankSchema = z.looseObject({
  code: z.string(),
  name: z.string(),
  active: z.boolean().optional(),
  is_deleted: z.boolean().nullish(),
});

export interface Bank {
  code: string;
  name: string;
}

/** Pages of List Banks one listing reads at most (100 banks each). */
const MAX_BANK_PAGES = 20;

/** GET /bank?country=&type=: the active banks or providers of a type in a country, every page of them. */
export async function listBanks(keys: PaystackKeys, filter: { country: string; type: string }): Promise<Bank[]> {
  const banks: Bank[] = [];
  let next: string | null | undefined;
  for (let page = 0; page < MAX_BANK_PAGES; page++) {
    const query = new URLSearchParams({
      country: filter.country.toLowerCase(),
      type: filter.type,
      perPage: '100',
      use_cursor: 'true',
    });
    if (next) query.set('next', next);
    const answer = await askPaystack(keys, `bank?${query}`);
    if (!answer || answer.httpStatus < 200 || answer.httpStatus > 299) {
      throw new PaystackUnavailable(`Paystack's bank list answered ${answer?.httpStatus ?? 'nothing'}`);
    }
    const parsed = z
      .looseObject({
        status: z.literal(true),
        data: z.array(bankSchema),
        meta: z.looseObject({ next: z.string().nullish() }).optional(),
      })
      .safeParse(answer.json);
    if (!parsed.success) throw new PaystackUnavailable("Paystack's bank list was not as documented");
    for (const bank of parsed.data.data) {
      if (bank.active !== false && !bank.is_deleted) banks.push({ code: bank.code, name: bank.name });
    }
    next = parsed.data.meta?.next;
    if (!next) break;
  }
  return banks;
}

/** GET /bank/resolve: the name of the account's holder, as the bank or provider has it. */
export async function resolveAccount(keys: PaystackKeys, account: { accountNumber: string; bankCode: string }): Promise<string> {
  const query = new URLSearchParams({ account_number: account.accountNumber, bank_code: account.bankCode });
  const data = await ask(keys, `bank/resolve?${query}`, z.looseObject({ account_name: z.string().trim().min(1).max(200) }));
  return data.account_name;
}

/** POST /transferrecipient: the recipient code transfers are sent to, and the bank's name as Paystack has it. */
export async function createRecipient(
  keys: PaystackKeys,
  recipient: { type: string; name: string; accountNumber: string; bankCode: string; currency: string },
): Promise<{ recipientCode: string; bankName: string | undefined }> {
  const data = await ask(
    keys,
    'transferrecipient',
    z.looseObject({
      recipient_code: z.string().min(1).max(100),
      details: z.looseObject({ bank_name: z.string().nullish() }).optional(),
    }),
    {
      type: recipient.type,
      name: recipient.name,
      account_number: recipient.accountNumber,
      bank_code: recipient.bankCode,
      currency: recipient.currency,
    },
  );
  return { recipientCode: data.recipient_code, bankName: data.details?.bank_name ?? undefined };
}

/** A transfer's state as Paystack reports it. */
const transferSchema = z.looseObject({
  status: paystackText(40),
  transfer_code: z.string().max(100).nullish(),
  reference: z.string().optional(),
  amount: z.number().int().optional(),
  currency: z.string().optional(),
  gateway_response: paystackText(500).nullish(),
});
export interface TransferState {
  /** Paystack's word: pending, otp, success, failed, reversed, abandoned, blocked, rejected, received... */
  status: string;
  transferCode: string | undefined;
  amount: number | undefined;
  currency: string | undefined;
  /** Why it failed or was reversed, when Paystack says. */
  reason: string | undefined;
}
const toState = (data: z.infer<typeof transferSchema>): TransferState => ({
  status: data.status,
  transferCode: data.transfer_code ?? undefined,
  amount: data.amount,
  currency: data.currency,
  reason: data.gateway_response ?? undefined,
});

/** POST /transfer from the balance, with our reference: Paystack makes one transfer per reference. */
export async function initiateTransfer(
  keys: PaystackKeys,
  transfer: { amount: number; recipientCode: string; reference: string; currency: string; reason: string },
): Promise<TransferState> {
  return toState(
    await ask(keys, 'transfer', transferSchema, {
      source: 'balance',
      amount: transfer.amount,
      recipient: transfer.recipientCode,
      reference: transfer.reference,
      currency: transfer.currency,
      reason: transfer.reason,
    }),
  );
}

/** POST /transfer/finalize_transfer: completes a transfer that waits for the OTP sent to the business's phone. */
export async function finalizeTransfer(
  keys: PaystackKeys,
  finalize: { transferCode: string; otp: string },
): Promise<TransferState> {
  return toState(
    await ask(keys, 'transfer/finalize_transfer', transferSchema, { transfer_code: finalize.transferCode, otp: finalize.otp }),
  );
}

/** POST /transfer/resend_otp: Paystack sends the business's phone a new OTP for a transfer that waits for one. */
export async function resendTransferOtp(keys: PaystackKeys, transferCode: string): Promise<void> {
  await ask(keys, 'transfer/resend_otp', z.unknown().optional(), { transfer_code: transferCode, reason: 'transfer' });
}

/**
 * GET /transfer/verify/:reference: the transfer made with our reference, or undefined when
 * Paystack says it has none (a 4xx). Throws PaystackUnavailable when it cannot say.
 */
export async function verifyTransfer(keys: PaystackKeys, reference: string): Promise<TransferState | undefined> {
  try {
    return toState(await ask(keys, `transfer/verify/${encodeURIComponent(reference)}`, transferSchema));
  } catch (err) {
    if (err instanceof PaystackRefusal) return undefined;
    throw err;
  }
}

/** GET /balance: what the integration holds in each currency, minor units. */
export async function fetchBalances(keys: PaystackKeys): Promise<{ currency: string; balance: number }[]> {
  return ask(keys, 'balance', z.array(z.looseObject({ currency: z.string(), balance: z.number().int() })));
}

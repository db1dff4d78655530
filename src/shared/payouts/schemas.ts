import { z } from 'zod';
import { boundedText, uuidSchema } from '../fields.js';
import { pageLimitSchema, pageQuerySchema, pageSchema, PAGING_MESSAGES } from '../paging.js';
import { CURRENCY_SYMBOLS } from '../restaurants/currency.js';
import { searchText } from '../search.js';
import { PAYEE_ACCOUNTS, PAYOUT_RECIPIENT_TYPE_NAMES, PAYOUT_STATUSES } from './kinds.js';

/**
 * Payouts through Paystack Transfers (decision 023): the payout account a restaurant's owner or a
 * rider keeps, and the admin's payouts. Amounts are minor units; a payout's currency is the
 * currency symbol of the ledger account it pays out of.
 */

/** Where mobile money can be paid (Paystack's mobile_money recipients). */
export const MOBILE_MONEY_COUNTRIES = ['Ghana', 'Kenya'] as const;
export type MobileMoneyCountry = (typeof MOBILE_MONEY_COUNTRIES)[number];

export const PAYOUT_MESSAGES = {
  recipientType: 'Choose how you want to be paid',
  country: 'Choose Ghana or Kenya for mobile money',
  bankCode: 'Choose your bank or mobile-money provider',
  accountNumber: 'Enter the account or mobile-money number: 6 to 20 digits (a phone number without its country code)',
  unknownBank: 'Choose a bank or provider from the list',
  notResolved: 'Paystack could not confirm that account. Check the bank or provider and the number.',
  typeNotInCountry: (label: string, country: string) => `${label} payouts are not available for restaurants in ${country}`,
  notInCountry: (country: string) => `Payouts are not available for restaurants in ${country} yet`,
  noRestaurant: 'Set up your restaurant first',
  riderOnly: 'Only riders have a payout account here',
  payoutsOff: 'Payouts are not available: this server has no Paystack keys',
  providerUnavailable: 'Paystack could not be reached. Please try again.',
  payoutUnderWay: 'A payout to this account is already under way',
  nothingOwed: 'Nothing is owed to this account',
  noPayoutAccount: 'This payee has not added a payout account yet',
  accountCurrency: (accountCurrency: string, currency: string) =>
    `The payee's payout account is in ${accountCurrency}, not ${currency}`,
  currencyNotPaid: (currencySymbol: string) => `Payouts in ${currencySymbol} are not available through Paystack`,
  tooLarge: 'This amount is too large for one payout. Please contact support.',
  balanceShort: (balance: string, due: string) => `The Paystack balance ${balance} is less than the ${due} due`,
  payoutNotFound: 'Payout not found',
  notWaitingForOtp: 'This payout is not waiting for an OTP',
  otp: 'Enter the OTP Paystack sent: 4 to 8 digits',
  otpRefused: (reason: string) => `Paystack did not accept the OTP: ${reason}`,
  otpResendRefused: (reason: string) => `Paystack did not send a new OTP: ${reason}`,
} as const;

const recipientTypeSchema = z.enum(PAYOUT_RECIPIENT_TYPE_NAMES, { message: PAYOUT_MESSAGES.recipientType });
const payeeSchema = z.enum(PAYEE_ACCOUNTS, { message: 'Choose a restaurant or a rider' });
const payoutStatusSchema = z.enum(PAYOUT_STATUSES, { message: 'That is not a payout status' });
const currencySymbolSchema = z.enum(CURRENCY_SYMBOLS, { message: 'That is not a currency' });

/**
 * GET /api/payouts/banks?recipientType=&country=: the banks or mobile-money providers of a type.
 * The country follows from the type; for mobile money from the owner's restaurant, or for a
 * rider from `country` (Ghana or Kenya).
 */
export const payoutBanksQuerySchema = z.object({
  recipientType: recipientTypeSchema,
  country: z.enum(MOBILE_MONEY_COUNTRIES, { message: PAYOUT_MESSAGES.country }).optional(),
});
export type PayoutBanksQuery = z.output<typeof payoutBanksQuerySchema>;

export const payoutBankListSchema = z.object({
  banks: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type PayoutBankList = z.infer<typeof payoutBankListSchema>;

/** Digits as typed: spaces and dashes between them are dropped. */
const ACCOUNT_NUMBER = /^[0-9]{6,20}$/;

/**
 * POST /api/payouts/resolve and PUT .../payout-account: the account to be paid. Mobile money
 * numbers are national numbers (0241234567 in Ghana, 0712345678 in Kenya).
 */
export const payoutAccountInputSchema = z.object({
  recipientType: recipientTypeSchema,
  bankCode: z
    .string({ message: PAYOUT_MESSAGES.bankCode })
    .trim()
    .min(1, PAYOUT_MESSAGES.bankCode)
    .max(20, PAYOUT_MESSAGES.bankCode)
    .refine((code) => !code.includes('\u0000'), PAYOUT_MESSAGES.bankCode),
  accountNumber: z
    .string({ message: PAYOUT_MESSAGES.accountNumber })
    .max(60, PAYOUT_MESSAGES.accountNumber)
    .transform((text) => text.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(ACCOUNT_NUMBER, PAYOUT_MESSAGES.accountNumber)),
});
export type PayoutAccountInput = z.output<typeof payoutAccountInputSchema>;

/** What Paystack resolved the account to: the holder's name, for the form to show before saving. */
export const payoutResolvedSchema = z.object({ accountName: z.string() });
export type PayoutResolved = z.infer<typeof payoutResolvedSchema>;

/** GET/PUT /api/restaurants/:id/payout-account and /api/drivers/me/payout-account: every field null until one is saved. */
export const payoutAccountViewSchema = z.object({
  recipientType: recipientTypeSchema.nullable(),
  bankCode: z.string().nullable(),
  bankName: z.string().nullable(),
  /** The last four digits only: the whole number is never sent back. */
  accountNumberLast4: z.string().nullable(),
  accountName: z.string().nullable(),
  /** ISO code of the account (GHS, NGN, KES). */
  currency: z.string().nullable(),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type PayoutAccountView = z.infer<typeof payoutAccountViewSchema>;

/** A payee who has not added a payout account yet. */
export const NO_PAYOUT_ACCOUNT: PayoutAccountView = {
  recipientType: null,
  bankCode: null,
  bankName: null,
  accountNumberLast4: null,
  accountName: null,
  currency: null,
  updatedAt: null,
};

/**
 * The due list's cursor names the last row shown by its sort key: name, payee, payee id and
 * currency. Clients send back what they got.
 */
const dueCursorKeySchema = z.tuple([boundedText(300), payeeSchema, uuidSchema(), boundedText(20)]);
const dueCursorSchema = boundedText(600, PAGING_MESSAGES.cursor).transform((text, ctx) => {
  try {
    const parsed = dueCursorKeySchema.safeParse(JSON.parse(text));
    if (parsed.success) {
      const [name, payee, payeeId, currencySymbol] = parsed.data;
      return { name, payee, payeeId, currencySymbol };
    }
  } catch {
    // not JSON: refused below
  }
  ctx.addIssue({ code: 'custom', message: PAGING_MESSAGES.cursor });
  return z.NEVER;
});
export type PayoutDueCursor = z.output<typeof dueCursorSchema>;
export const encodeDueCursor = (key: PayoutDueCursor): string =>
  JSON.stringify([key.name, key.payee, key.payeeId, key.currencySymbol]);

/** GET /api/admin/payouts/due?q=&cursor=&limit=: who is owed money, by name; q is found in the name. */
export const payoutDueQuerySchema = z.object({
  q: searchText().optional(),
  cursor: dueCursorSchema.optional(),
  limit: pageLimitSchema,
});
export type PayoutDueQuery = z.output<typeof payoutDueQuerySchema>;

const payoutDueSchema = z.object({
  payee: payeeSchema,
  /** The restaurant's id, or the rider's user id. */
  payeeId: z.uuid(),
  /** The restaurant's name or the rider's full name. */
  name: z.string(),
  currencySymbol: z.string(),
  /** What the platform owes them now, in minor units (positive). */
  owed: z.number().int(),
  hasAccount: z.boolean(),
  /** The payout under way (queued, pending or waiting for an OTP), if any. */
  openPayout: z.object({ id: z.uuid(), status: payoutStatusSchema }).nullable(),
});
export type PayoutDue = z.infer<typeof payoutDueSchema>;
export const payoutDuePageSchema = pageSchema(payoutDueSchema);

/** GET /api/admin/payouts/balance: Paystack's balance in each currency, minor units. */
export const payoutBalancesSchema = z.object({
  balances: z.array(z.object({ currency: z.string(), balance: z.number().int() })),
});
export type PayoutBalances = z.infer<typeof payoutBalancesSchema>;

/** POST /api/admin/payouts: pay one payee all they are owed in a currency. */
export const payoutCreateSchema = z.object({
  payee: payeeSchema,
  payeeId: uuidSchema(),
  currencySymbol: currencySymbolSchema,
});
export type PayoutCreate = z.output<typeof payoutCreateSchema>;

/** POST /api/admin/payouts/everyone: pay everyone owed in a currency who has a payout account and no payout under way. */
export const payEveryoneSchema = z.object({ currencySymbol: currencySymbolSchema });
export type PayEveryone = z.output<typeof payEveryoneSchema>;

export const payEveryoneResultSchema = z.object({
  /** Payouts made. */
  created: z.number().int(),
  /** Payees owed money who were not paid: no payout account (or one in another currency), or a payout under way. */
  skipped: z.number().int(),
  /** The sum of the payouts made, minor units. */
  totalAmount: z.number().int(),
});
export type PayEveryoneResult = z.infer<typeof payEveryoneResultSchema>;

/** GET /api/admin/payouts?status=&cursor=&limit=: payouts, newest first. */
export const payoutListQuerySchema = pageQuerySchema.extend({ status: payoutStatusSchema.optional() });
export type PayoutListQuery = z.output<typeof payoutListQuerySchema>;

export const payoutViewSchema = z.object({
  id: z.uuid(),
  /** Our transfer reference, as Paystack shows it. */
  reference: z.string(),
  payee: payeeSchema,
  payeeId: z.uuid(),
  name: z.string(),
  currencySymbol: z.string(),
  amount: z.number().int(),
  status: payoutStatusSchema,
  /** Paystack's reason for a failed or reversed transfer. */
  failureReason: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type PayoutView = z.infer<typeof payoutViewSchema>;
export const payoutPageSchema = pageSchema(payoutViewSchema);

export const payoutIdParamsSchema = z.object({ id: uuidSchema(PAYOUT_MESSAGES.payoutNotFound) });

/** POST /api/admin/payouts/:id/otp: the OTP Paystack sent the business's phone. */
export const payoutOtpSchema = z.object({
  otp: z
    .string({ message: PAYOUT_MESSAGES.otp })
    .max(20, PAYOUT_MESSAGES.otp)
    .trim()
    .regex(/^[0-9]{4,8}$/, PAYOUT_MESSAGES.otp),
});

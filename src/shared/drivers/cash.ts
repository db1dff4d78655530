import { z } from 'zod';
import { requiredText } from '../fields.js';
import { formatMoney, toMinor } from '../money.js';
import { pageSchema } from '../paging.js';
import { CURRENCY_SYMBOLS } from '../restaurants/currency.js';

/**
 * Cash on delivery, reconciled (issue 22 item 4). A rider collects the whole charge of each cash
 * order they deliver: it sits on their rider_cash account on the ledger until an admin records
 * that they handed it in. Admin Settings set a cash limit per currency (delivery_pricing.cash_limit,
 * none by default): a rider holding more cash than the limit in a currency is offered card-paid
 * orders only in it (dispatch, the Available list and accepting all say so) until a hand-in brings
 * them back under it.
 */

/** An integer column's largest value: no hand-in may be more. */
const MAX_AMOUNT = 2_147_483_647;
const TEXT_MAX = 100;

export const CASH_MESSAGES = {
  /** The refusal of a rider over the limit who tries to accept a cash order (422). */
  overLimit: (held: number, limit: number, symbol: string) =>
    `You are holding ${formatMoney(held, symbol)} in cash, over the ${formatMoney(limit, symbol)} limit: hand it in before taking more cash orders.`,
  /** The refusal of support giving a cash order to a rider over the limit (422). */
  riderOverLimit: (held: number, limit: number, symbol: string) =>
    `This rider holds ${formatMoney(held, symbol)} in cash, over the ${formatMoney(limit, symbol)} limit: give the order to another rider, or record their hand-in first.`,
  /** The rider's Earnings page while they are over the limit in some currency. */
  overLimitBanner: 'You are over the cash limit: hand in cash to take cash orders again.',
  overLimitDetail: 'Until then the Available list shows card-paid orders only.',
  moreThanHeld: (amount: number, held: number, symbol: string) =>
    `${formatMoney(amount, symbol)} is more than the ${formatMoney(held, symbol)} this rider holds in cash`,
  referenceTaken: (reference: string) =>
    `A hand-in with the reference ${reference} is already recorded for this rider, with other details: check the receipt`,
  amountNotAmount: 'Enter an amount with at most 2 decimals, such as 520.00',
  amountNotMinor: 'Amounts are whole minor units (52000 for 520.00)',
  amountNotPositive: 'The amount must be more than 0',
  amountTooHigh: `The amount must be at most ${formatMoney(MAX_AMOUNT, '')}`,
  currencyRequired: 'Choose a currency',
  referenceRequired: "Enter the receipt's reference",
  referenceTooLong: `The reference is at most ${TEXT_MAX} characters`,
  receivedByRequired: 'Enter who received the cash',
  receivedByTooLong: `At most ${TEXT_MAX} characters`,
  controlCharacters: 'Use letters, digits, spaces and punctuation only: no tabs or line breaks',
  notDriver: 'No such driver',
  onlyDrivers: 'Only drivers hold cash from deliveries',
  recorded: 'Cash hand-in recorded',
  recordFailed: 'Failed to record the cash hand-in',
  loadFailed: 'Failed to load the cash hand-ins',
  empty: 'No cash handed in yet',
  noCash: 'No cash held',
} as const;
const M = CASH_MESSAGES;

/** Text a person types on one line: no control characters (tabs, line breaks, NUL, DEL and the C1 block). */
const noControlCharacters = (text: string) => !/\p{Cc}/u.test(text);
const lineOfText = (required: string, tooLong: string) =>
  requiredText(TEXT_MAX, required, tooLong).refine(noControlCharacters, M.controlCharacters);

const currencySchema = z.enum(CURRENCY_SYMBOLS, { message: M.currencyRequired });
const amountSchema = z
  .number({ message: M.amountNotAmount })
  .int(M.amountNotMinor)
  .min(1, M.amountNotPositive)
  .max(MAX_AMOUNT, M.amountTooHigh);

/** POST /api/admin/drivers/:id/cash-hand-ins: cash the rider handed in, in minor units, with the receipt's reference and who took it. */
export const cashHandInSchema = z.object({
  amount: amountSchema,
  currencySymbol: currencySchema,
  reference: lineOfText(M.referenceRequired, M.referenceTooLong),
  receivedBy: lineOfText(M.receivedByRequired, M.receivedByTooLong),
});
export type CashHandInRequest = z.output<typeof cashHandInSchema>;

/**
 * The 'Record cash handed in' form: the amount as typed ('520' or '520.00'), read into minor
 * units and checked by the API's own rule, so both refuse the same things with the same words.
 */
export const cashHandInFormSchema = z.object({
  amount: z
    .string()
    .max(32, M.amountNotAmount)
    .transform((text, ctx) => {
      try {
        return toMinor(text.trim());
      } catch {
        ctx.addIssue({ code: 'custom', message: M.amountNotAmount });
        return z.NEVER;
      }
    })
    .pipe(amountSchema),
  currencySymbol: z.string().max(16, M.currencyRequired).pipe(currencySchema),
  reference: cashHandInSchema.shape.reference,
  receivedBy: cashHandInSchema.shape.receivedBy,
});
export type CashHandInFormInput = z.input<typeof cashHandInFormSchema>;

const minor = z.number().int();

/** One hand-in as it was recorded. */
export const cashHandInViewSchema = z.object({
  id: z.uuid(),
  riderId: z.uuid(),
  currencySymbol: z.string(),
  amount: minor,
  reference: z.string(),
  receivedBy: z.string(),
  /** The admin who recorded it; null once their account is gone. */
  recordedByName: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type CashHandInView = z.infer<typeof cashHandInViewSchema>;

/** The cash a rider holds in one currency, with that currency's limit. */
export const riderCashSchema = z.object({
  currencySymbol: z.string(),
  /** The balance of their rider_cash account: collected and not handed in. */
  held: minor,
  /** The admin's cash limit of the currency; null: none. */
  limit: minor.nullable(),
  /** Held more than the limit: offered card-paid orders only in this currency. */
  overLimit: z.boolean(),
});
export type RiderCash = z.infer<typeof riderCashSchema>;

/**
 * GET /api/admin/drivers/:id/cash-hand-ins and GET /api/drivers/me/cash-hand-ins (?cursor=&limit=):
 * a page of the rider's hand-ins, newest first, and the cash they hold now in every currency they
 * ever collected in.
 */
export const cashHandInPageSchema = pageSchema(cashHandInViewSchema).extend({ cash: z.array(riderCashSchema) });
export type CashHandInPage = z.infer<typeof cashHandInPageSchema>;

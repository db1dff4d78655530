import { z } from 'zod';
import { boundedText, uuidSchema } from '../fields.js';
import { pageLimitSchema, pageSchema, PAGING_MESSAGES } from '../paging.js';
import { searchText } from '../search.js';
import { LEDGER_ACCOUNTS, type LedgerAccount } from './accounts.js';

/**
 * The admin's Ledger page (decision 022): the check that every transaction sums to zero, and the
 * balance of every account of every owner in every currency.
 */

/**
 * How an account's balance reads. `held`: money the platform has or is owed (a debit balance,
 * shown as it is); `owed`: money it owes (a credit balance, shown positive); `earned`: what it
 * made (a credit balance, shown positive).
 */
export type AccountSide = 'held' | 'owed' | 'earned';

export const LEDGER_ACCOUNT_INFO: Record<LedgerAccount, { label: string; side: AccountSide }> = {
  paystack: { label: 'Paystack', side: 'held' },
  customer_funds: { label: 'Customer funds', side: 'owed' },
  rider_cash: { label: 'Cash with riders', side: 'held' },
  cash_received: { label: 'Cash received', side: 'held' },
  restaurant: { label: 'Restaurant payouts', side: 'owed' },
  rider: { label: 'Rider earnings', side: 'owed' },
  commission: { label: 'Commission', side: 'earned' },
  delivery_share: { label: 'Delivery share', side: 'earned' },
};

/** A balance as the page shows it: debit balances as they are, credit balances (owed, earned) turned positive. */
export const shownBalance = (account: LedgerAccount, balance: number): number =>
  LEDGER_ACCOUNT_INFO[account].side === 'held' ? balance : -balance;

export const LEDGER_MESSAGES = {
  checkFailed: 'Could not check the ledger. Please try again.',
  loadFailed: 'Failed to load the balances',
  empty: 'No balances found',
  noEntries: 'Nothing has been posted to the ledger yet',
} as const;

/** At most this many unbalanced transactions are listed by the check. */
export const UNBALANCED_SHOWN = 50;

const accountSchema = z.enum(LEDGER_ACCOUNTS);

/** GET /api/admin/ledger/check */
export const ledgerCheckSchema = z.object({
  /** Every transaction sums to zero in each currency, and so does the whole ledger. */
  balanced: z.boolean(),
  transactions: z.number().int(),
  entries: z.number().int(),
  /** The first UNBALANCED_SHOWN transactions whose entries in one currency do not sum to zero, oldest first. */
  unbalanced: z.array(
    z.object({
      transactionId: z.uuid(),
      currencySymbol: z.string(),
      /** The sum of its entries in that currency, in minor units (debit positive). */
      sum: z.number().int(),
    }),
  ),
});
export type LedgerCheck = z.infer<typeof ledgerCheckSchema>;

/**
 * The balances' cursor names the last row shown by its sort key: account, owner's name, owner
 * (null for the platform's accounts) and currency. Clients send back what they got.
 */
const cursorKeySchema = z.tuple([accountSchema, boundedText(300), uuidSchema().nullable(), boundedText(20)]);
const balanceCursorSchema = boundedText(600, PAGING_MESSAGES.cursor).transform((text, ctx) => {
  try {
    const parsed = cursorKeySchema.safeParse(JSON.parse(text));
    if (parsed.success) {
      const [account, name, ownerId, currencySymbol] = parsed.data;
      return { account, name, ownerId, currencySymbol };
    }
  } catch {
    // not JSON: refused below
  }
  ctx.addIssue({ code: 'custom', message: PAGING_MESSAGES.cursor });
  return z.NEVER;
});
export type BalanceCursor = z.output<typeof balanceCursorSchema>;

export const encodeBalanceCursor = (key: BalanceCursor): string =>
  JSON.stringify([key.account, key.name, key.ownerId, key.currencySymbol]);

/** GET /api/admin/ledger/balances?q=&cursor=&limit=: q is found anywhere in the owner's name or the account's. */
export const ledgerBalancesQuerySchema = z.object({
  q: searchText().optional(),
  cursor: balanceCursorSchema.optional(),
  limit: pageLimitSchema,
});
export type LedgerBalancesQuery = z.output<typeof ledgerBalancesQuerySchema>;

/** One account of one owner in one currency: the platform's accounts first, then restaurants and riders by name. */
const ledgerBalanceSchema = z.object({
  account: accountSchema,
  /** The restaurant or rider; null for the platform's own accounts. */
  ownerId: z.uuid().nullable(),
  /** The restaurant's name or the rider's full name, or the account's label for the platform's. */
  name: z.string(),
  currencySymbol: z.string(),
  /** The sum of the account's entries in minor units, debit positive (shownBalance turns it for the page). */
  balance: z.number().int(),
  entries: z.number().int(),
});
export type LedgerBalance = z.infer<typeof ledgerBalanceSchema>;
export const ledgerBalancePageSchema = pageSchema(ledgerBalanceSchema);

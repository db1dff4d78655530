import { formatMoney } from '@shared/money.js';
import { isTransferCurrency } from '@shared/payouts/countries.js';
import {
  PAYOUT_MESSAGES,
  type PayEveryone,
  type PayEveryoneResult,
  type PayoutBalances,
  type PayoutCreate,
  type PayoutView,
} from '@shared/payouts/schemas.js';
import type { RealtimeEvent } from '@shared/realtime/events.js';
import { currencyCodeFor } from '@shared/restaurants/currency.js';
import type { AuthUser } from '../core/identity.js';
import type { Tx } from '../db/client.js';
import { databaseErrorOf } from '../http/databaseErrors.js';
import { conflict, unprocessable } from '../http/errors.js';
import type { Jobs } from '../jobs/jobs.js';
import { postPayoutsSent } from '../ledger/payoutPostings.js';
import { transactionWithOrderedEvents } from '../realtime/publish.js';
import { askForRequest, providerUnavailable, requireKeys, type PayoutContext } from './context.js';
import { fetchBalances } from './paystackTransfers.js';
import {
  findDue,
  findOpenPayout,
  findPayable,
  findPayoutAccount,
  insertPayouts,
  lockPayees,
  owedTo,
  queuedTotal,
  type NewPayout,
  type Payee,
} from './repository.js';
import { raisePayoutMoves, type PayoutMove } from './events.js';
import { payoutView } from './views.js';

/**
 * Making payouts (decision 023): a payout is the whole amount a payee is owed in a currency at that
 * moment. Its row (queued, with our transfer reference), its payout_sent posting and its `payout`
 * job are written in one transaction, with the amount read while the payee is locked
 * (lockPayees), so two clicks, two admins or a click racing 'pay everyone' make one payout; the
 * partial unique index on open payouts backs that up (409).
 */

/** The payouts column is an integer: more than this is paid by hand. */
const MAX_PAYOUT = 2_147_483_647;
/** Payees one transaction of 'pay everyone' pays (and locks). */
const BATCH = 500;

/** The ISO currency a symbol is paid in through Paystack; 422 for one Paystack does not pay out. */
function transferCurrency(currencySymbol: string): string {
  const code = currencyCodeFor(currencySymbol);
  if (!isTransferCurrency(code)) throw unprocessable(PAYOUT_MESSAGES.currencyNotPaid(currencySymbol));
  return code;
}

/** Writes the payouts with their payout_sent postings, their jobs and their events, in the caller's transaction. */
async function writePayouts(
  tx: Tx,
  raise: (event: RealtimeEvent) => void,
  jobs: Jobs,
  rows: readonly NewPayout[],
  currencySymbol: string,
  requestedBy: string,
) {
  const written = await insertPayouts(tx, rows, currencySymbol, requestedBy);
  const ids = written.map((row) => row.id);
  await postPayoutsSent(tx, ids);
  await jobs.sendMany(
    tx,
    'payout',
    ids.map((payoutId) => ({ payoutId })),
  );
  raisePayoutMoves(raise, written);
  return written;
}

const isOpenPayoutConflict = (err: unknown) => {
  const cause = databaseErrorOf(err);
  return cause?.code === '23505' && cause.constraint === 'payouts_one_open_idx';
};

/** POST /api/admin/payouts: pays one payee all they are owed in a currency. */
export async function createPayout(ctx: PayoutContext, admin: AuthUser, input: PayoutCreate): Promise<PayoutView> {
  requireKeys(ctx.config);
  const code = transferCurrency(input.currencySymbol);
  const payee: Payee = { payee: input.payee, payeeId: input.payeeId };
  let written: PayoutMove;
  try {
    written = await transactionWithOrderedEvents(ctx.db, async (tx, raise) => {
      await lockPayees(tx, [payee]);
      if (await findOpenPayout(tx, payee, input.currencySymbol)) throw conflict(PAYOUT_MESSAGES.payoutUnderWay);
      const owed = await owedTo(tx, payee, input.currencySymbol);
      if (owed <= 0) throw conflict(PAYOUT_MESSAGES.nothingOwed);
      const account = await findPayoutAccount(tx, payee);
      if (!account) throw unprocessable(PAYOUT_MESSAGES.noPayoutAccount);
      if (account.currency !== code) throw unprocessable(PAYOUT_MESSAGES.accountCurrency(account.currency, code));
      if (owed > MAX_PAYOUT) throw unprocessable(PAYOUT_MESSAGES.tooLarge);
      const [row] = await writePayouts(
        tx,
        raise,
        ctx.jobs,
        [{ ...payee, accountId: account.id, amount: owed }],
        input.currencySymbol,
        admin.userId,
      );
      if (!row) throw conflict(PAYOUT_MESSAGES.payoutUnderWay);
      return row;
    });
  } catch (err) {
    if (isOpenPayoutConflict(err)) throw conflict(PAYOUT_MESSAGES.payoutUnderWay);
    throw err;
  }
  ctx.log.info({ payoutId: written.id, payee: payee.payee, payeeId: payee.payeeId }, 'payout queued');
  return payoutView(ctx.db, written.id);
}

/** GET /api/admin/payouts/balance: what Paystack holds for the platform in each currency. */
export async function readBalances(ctx: PayoutContext): Promise<PayoutBalances> {
  const keys = requireKeys(ctx.config);
  return { balances: await askForRequest(() => fetchBalances(keys), providerUnavailable) };
}

/**
 * POST /api/admin/payouts/everyone: pays everyone owed money in a currency who has a payout account
 * in it and no payout under way, once Paystack's balance in that currency is seen to cover the
 * total and the payouts queued before it (422 otherwise, paying no one). Payouts are written a batch of payees at a time, each
 * payee locked and what they are owed read again under the lock; a payee paid meanwhile is skipped.
 */
export async function payEveryone(ctx: PayoutContext, admin: AuthUser, input: PayEveryone): Promise<PayEveryoneResult> {
  const keys = requireKeys(ctx.config);
  const code = transferCurrency(input.currencySymbol);
  const due = await findDue(ctx.db, input.currencySymbol);
  const payable = due.filter((row) => row.accountCurrency === code && !row.openPayout && row.owed <= MAX_PAYOUT);
  const total = payable.reduce((sum, row) => sum + row.owed, 0);
  if (payable.length > 0) {
    // Payouts queued but not yet sent will take their amounts from the same balance.
    const needed = total + (await queuedTotal(ctx.db, input.currencySymbol));
    const balances = await askForRequest(() => fetchBalances(keys), providerUnavailable);
    const balance = balances.find((row) => row.currency === code)?.balance ?? 0;
    if (balance < needed) {
      throw unprocessable(
        PAYOUT_MESSAGES.balanceShort(formatMoney(balance, input.currencySymbol), formatMoney(needed, input.currencySymbol)),
      );
    }
  }
  let created = 0;
  let totalAmount = 0;
  for (let start = 0; start < payable.length; start += BATCH) {
    const batch = payable.slice(start, start + BATCH);
    const written = await transactionWithOrderedEvents(ctx.db, async (tx, raise) => {
      await lockPayees(tx, batch);
      const rows = (await findPayable(tx, batch, input.currencySymbol))
        .filter((row) => row.accountCurrency === code && !row.openPayout && row.owed <= MAX_PAYOUT)
        .map((row): NewPayout => ({ payee: row.payee, payeeId: row.payeeId, accountId: row.accountId, amount: row.owed }));
      return writePayouts(tx, raise, ctx.jobs, rows, input.currencySymbol, admin.userId);
    });
    created += written.length;
    totalAmount += written.reduce((sum, row) => sum + row.amount, 0);
  }
  ctx.log.info({ created, skipped: due.length - created, currencySymbol: input.currencySymbol }, 'pay everyone: payouts queued');
  return { created, skipped: due.length - created, totalAmount };
}

import { UNBALANCED_SHOWN, type LedgerCheck } from '@shared/ledger/books.js';
import type { Queryable } from '../db/client.js';
import { readLedgerTotals } from './booksRepository.js';

/**
 * The ledger check (GET /api/admin/ledger/check): balanced when every transaction's entries sum to
 * zero in each currency, and so the whole ledger's; otherwise the first UNBALANCED_SHOWN
 * transactions that do not.
 */
export async function checkLedger(db: Queryable): Promise<LedgerCheck> {
  const totals = await readLedgerTotals(db, UNBALANCED_SHOWN);
  return {
    balanced: totals.unbalancedCount === 0 && totals.currencies.every((currency) => currency.sum === 0),
    transactions: totals.transactions,
    entries: totals.entries,
    unbalanced: totals.unbalanced,
  };
}

import type { LedgerAccount } from '@shared/ledger/accounts.js';
import { encodeBalanceCursor, type LedgerBalance, type LedgerBalancesQuery } from '@shared/ledger/books.js';
import type { Page } from '@shared/paging.js';
import type { Queryable } from '../db/client.js';
import { listBalanceRows, sumAccount } from './booksRepository.js';

/** GET /api/admin/ledger/balances: every account's balance, owners named, found by name, a page at a time. */
export async function listBalances(db: Queryable, query: LedgerBalancesQuery): Promise<Page<LedgerBalance>> {
  const rows = await listBalanceRows(db, { text: query.q || undefined, cursor: query.cursor, limit: query.limit });
  const items = rows.slice(0, query.limit).map((row): LedgerBalance => ({
    account: row.account,
    ownerId: row.owner_id,
    name: row.name,
    currencySymbol: row.currency_symbol,
    balance: Number(row.balance),
    entries: row.entries,
  }));
  const last = items.at(-1);
  return {
    items,
    nextCursor:
      rows.length > query.limit && last
        ? encodeBalanceCursor({
            account: last.account,
            name: last.name,
            ownerId: last.ownerId,
            currencySymbol: last.currencySymbol,
          })
        : null,
  };
}

/**
 * The balance of one account of one owner (null for the platform's accounts) in one currency, in
 * minor units, debit positive: what a restaurant is owed is negative (LEDGER_ACCOUNT_INFO says
 * which way each account reads). 0 for an account with no entries.
 */
export const balanceOf = (
  db: Queryable,
  account: LedgerAccount,
  ownerId: string | null,
  currencySymbol: string,
): Promise<number> => sumAccount(db, account, ownerId, currencySymbol);

import { sql } from 'drizzle-orm';
import { LEDGER_ACCOUNTS, type LedgerAccount } from '@shared/ledger/accounts.js';
import { LEDGER_ACCOUNT_INFO, type BalanceCursor } from '@shared/ledger/books.js';
import type { Queryable } from '../db/client.js';
import { containing } from '../db/like.js';
import { rowsOf } from '../db/rows.js';

/** The ledger's reads (decision 022): its check and its balances, aggregates over the entries written as `sql` (decision 015). */

interface CheckRow {
  transactions: number;
  entries: number;
  unbalanced_count: number;
  unbalanced: { transactionId: string; currencySymbol: string; sum: string }[];
  currencies: { currencySymbol: string; sum: string }[];
}

export interface LedgerTotals {
  transactions: number;
  entries: number;
  /** How many (transaction, currency) pairs do not sum to zero. */
  unbalancedCount: number;
  /** The first `limit` of them, oldest transaction first. */
  unbalanced: { transactionId: string; currencySymbol: string; sum: number }[];
  /** The sum of every entry in each currency: zero in a balanced ledger. */
  currencies: { currencySymbol: string; sum: number }[];
}

/**
 * The ledger's check in one query: every transaction's entries summed per currency, the
 * (transaction, currency) pairs that do not come to zero (the first `limit`, oldest first), and the
 * whole ledger's sum per currency. It reads every entry: for the admin's check and for tests.
 */
export async function readLedgerTotals(db: Queryable, limit: number): Promise<LedgerTotals> {
  const [row] = rowsOf<CheckRow>(
    await db.execute(sql`
      with sums as (
        select transaction_id, currency_symbol, sum(amount) as total, count(*) as entries
        from ledger_entries
        group by transaction_id, currency_symbol
      ),
      wrong as (
        select s.transaction_id, s.currency_symbol, s.total
        from sums s join ledger_transactions t on t.id = s.transaction_id
        where s.total <> 0
        order by t.created_at, s.transaction_id, s.currency_symbol
        limit ${limit}
      )
      select
        (select count(*) from ledger_transactions)::int as transactions,
        (select coalesce(sum(entries), 0) from sums)::int as entries,
        (select count(*) from sums where total <> 0)::int as unbalanced_count,
        coalesce(
          (select json_agg(json_build_object('transactionId', transaction_id, 'currencySymbol', currency_symbol, 'sum', total::text)) from wrong),
          '[]'
        ) as unbalanced,
        coalesce(
          (select json_agg(json_build_object('currencySymbol', currency_symbol, 'sum', total::text) order by currency_symbol)
             from (select currency_symbol, sum(total) as total from sums group by currency_symbol) c),
          '[]'
        ) as currencies`),
  );
  if (!row) throw new Error('the ledger check answered no row');
  return {
    transactions: row.transactions,
    entries: row.entries,
    unbalancedCount: row.unbalanced_count,
    unbalanced: row.unbalanced.map((item) => ({ ...item, sum: Number(item.sum) })),
    currencies: row.currencies.map((item) => ({ ...item, sum: Number(item.sum) })),
  };
}

/** The order the balances are listed in: the accounts in LEDGER_ACCOUNTS' order, with their labels. */
const accountsTable = sql.join(
  LEDGER_ACCOUNTS.map((account, rank) => sql`(${account}::text, ${rank}::int, ${LEDGER_ACCOUNT_INFO[account].label}::text)`),
  sql`, `,
);

export interface BalanceRow {
  account: LedgerAccount;
  owner_id: string | null;
  name: string;
  currency_symbol: string;
  balance: string;
  entries: number;
}

/**
 * Every account of every owner in every currency with its balance, the owner named (restaurant,
 * rider's full name, or the account's label for the platform's own), matching `text` in the name or
 * the account's label, in the order of (account, name, owner, currency), from after `cursor`, one
 * page (plus one row to tell whether more follow). The balances are summed from the entries on
 * every call (ledger_entries_account_idx holds them in that order).
 */
export async function listBalanceRows(
  db: Queryable,
  { text, cursor, limit }: { text: string | undefined; cursor: BalanceCursor | undefined; limit: number },
): Promise<BalanceRow[]> {
  const pattern = text ? containing(text) : undefined;
  const matches = pattern ? sql`and (name ilike ${pattern} or label ilike ${pattern})` : sql``;
  const after = cursor
    ? sql`and (rank, name, coalesce(owner_id::text, ''), currency_symbol) >
            (${LEDGER_ACCOUNTS.indexOf(cursor.account)}::int, ${cursor.name}::text, ${cursor.ownerId ?? ''}::text, ${cursor.currencySymbol}::text)`
    : sql``;
  return rowsOf<BalanceRow>(
    await db.execute(sql`
      with accounts (account, rank, label) as (values ${accountsTable}),
      balances as (
        select account, owner_id, currency_symbol, sum(amount) as balance, count(*) as entries
        from ledger_entries
        group by account, owner_id, currency_symbol
      ),
      named as (
        select b.account, b.owner_id, b.currency_symbol, b.balance, b.entries, a.rank, a.label,
          coalesce(r.name, p.full_name, a.label) as name
        from balances b
        join accounts a on a.account = b.account
        left join restaurants r on b.account = 'restaurant' and r.id = b.owner_id
        left join profiles p on b.account in ('rider', 'rider_cash') and p.id = b.owner_id
      )
      select account, owner_id, name, currency_symbol, balance::text as balance, entries::int as entries
      from named
      where true ${matches} ${after}
      order by rank, name, coalesce(owner_id::text, ''), currency_symbol
      limit ${limit + 1}`),
  );
}

/** The balance (debit positive, minor units) of one account of one owner (null: the platform's) in one currency; 0 when it has no entries. */
export async function sumAccount(
  db: Queryable,
  account: LedgerAccount,
  ownerId: string | null,
  currencySymbol: string,
): Promise<number> {
  const owner = ownerId === null ? sql`owner_id is null` : sql`owner_id = ${ownerId}`;
  const [row] = rowsOf<{ balance: string }>(
    await db.execute(sql`
      select coalesce(sum(amount), 0)::text as balance from ledger_entries
      where account = ${account} and ${owner} and currency_symbol = ${currencySymbol}`),
  );
  return Number(row?.balance ?? 0);
}

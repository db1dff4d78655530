import type { LedgerEvent } from '@shared/ledger/accounts.js';
import {
  dayStart,
  encodeStatementCursor,
  statementPeriod,
  type Statement,
  type StatementAccount,
  type StatementCursor,
  type StatementEntry,
  type StatementQuery,
} from '@shared/ledger/statement.js';
import { paidByLabel, shortOrderId, type PaymentMethod } from '@shared/orders/schemas.js';
import type { Database } from '../db/client.js';
import { statement } from '../db/statements.js';
import { settledDayStart, sumBeforeDay, type AccountKey } from './statementBalances.js';

/**
 * A restaurant's or rider's statement (shared/ledger/statement.ts): the entries of their account
 * in one currency over a period, oldest first, a page at a time, with the balance before the
 * period, after each entry and at its end. Three reads a page: the account's currencies, then one
 * statement for the page and its balances, whose sums start from settled day starts
 * (statementBalances.ts) so that none reads more than a day or two of entries.
 */

export interface StatementOwner {
  account: StatementAccount;
  ownerId: string;
  /** The currency shown when the query names none (a restaurant's own); absent: the one of the latest entry. */
  currencySymbol?: string;
}

interface CurrencyRow {
  currency_symbol: string;
}

/**
 * The currencies the account has entries in, the one of its latest entry first: one index probe
 * per currency (a loose index scan), not a read of every entry.
 */
const currenciesStatement = statement<[account: StatementAccount, ownerId: string], CurrencyRow>(
  'ledger_statement_currencies',
  `
  with recursive c(symbol) as (
    (select currency_symbol from ledger_entries where account = $1 and owner_id = $2 order by currency_symbol limit 1)
    union all
    select (
      select currency_symbol from ledger_entries
      where account = $1 and owner_id = $2 and currency_symbol > c.symbol
      order by currency_symbol limit 1
    )
    from c where c.symbol is not null
  )
  select c.symbol as currency_symbol
  from c cross join lateral (
    select max(created_at) as last_at from ledger_entries where account = $1 and owner_id = $2 and currency_symbol = c.symbol
  ) latest
  where c.symbol is not null
  order by latest.last_at desc, c.symbol`,
);

/** The instant of a cursor's microseconds. */
const MICROS_AT = (param: string) => `(timestamptz 'epoch' + ${param}::bigint * interval '1 microsecond')`;

/** The entries of one account ($1, $2, $3) after the position ($4 micros, $5 id) and before $6, oldest first, as JSON. */
const ROWS = (limitParam: string) => `
  select coalesce(
    json_agg(json_build_object(
      'id', p.id::text, 'micros', (extract(epoch from p.created_at) * 1000000)::bigint::text, 'amount', p.amount::float8,
      'kind', p.kind, 'order_id', p.order_id, 'memo', p.memo, 'payment_method', p.payment_method, 'channel', p.channel
    ) order by p.created_at, p.id),
    '[]'::json)
  from (
    select e.id, e.created_at, e.amount, t.kind, t.order_id, t.memo, pay.payment_method, pay.channel
    from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
    left join payments pay on pay.order_id = t.order_id
    where e.account = $1 and e.owner_id = $2 and e.currency_symbol = $3
      and (e.created_at, e.id) > (${MICROS_AT('$4')}, $5::bigint) and e.created_at < $6::timestamptz
    order by e.created_at, e.id
    limit ${limitParam}
  ) p`;

interface EntryRow {
  id: string;
  micros: string;
  amount: number;
  kind: LedgerEvent;
  order_id: string | null;
  memo: string | null;
  payment_method: PaymentMethod | null;
  channel: string | null;
}

interface PageRow {
  from_tail: number;
  to_tail: number;
  position_tail: number;
  rows: EntryRow[];
}

type PageParams = [
  account: StatementAccount,
  ownerId: string,
  currencySymbol: string,
  positionMicros: string,
  positionId: string,
  to: string,
  limit: number,
  from: string,
  fromAnchor: string,
  toAnchor: string,
  positionAnchor: string,
];

/**
 * A page of entries and, to turn them into balances, the sums of the account's entries from a
 * settled day start ($9, $10, $11) to the period's start ($8), to its end ($6) and through the
 * entry before the page ($4, $5); each is a range of the account index of a day or two.
 */
const pageStatement = statement<PageParams, PageRow>(
  'ledger_statement_page',
  `
  select
    (select coalesce(sum(amount), 0)::float8 from ledger_entries
      where account = $1 and owner_id = $2 and currency_symbol = $3 and created_at >= $9::timestamptz and created_at < $8::timestamptz
    ) as from_tail,
    (select coalesce(sum(amount), 0)::float8 from ledger_entries
      where account = $1 and owner_id = $2 and currency_symbol = $3 and created_at >= $10::timestamptz and created_at < $6::timestamptz
    ) as to_tail,
    (select coalesce(sum(amount), 0)::float8 from ledger_entries
      where account = $1 and owner_id = $2 and currency_symbol = $3 and created_at >= $11::timestamptz
        and (created_at, id) <= (${MICROS_AT('$4')}, $5::bigint)
    ) as position_tail,
    (${ROWS('$7')}) as rows`,
);

/** The entries after a position, for the CSV's pages after the first. */
const rowsStatement = statement<
  [
    account: StatementAccount,
    ownerId: string,
    currencySymbol: string,
    positionMicros: string,
    positionId: string,
    to: string,
    limit: number,
  ],
  { rows: EntryRow[] }
>('ledger_statement_rows', `select (${ROWS('$7')}) as rows`);

const microsOf = (at: Date) => String(at.getTime() * 1000);

/** An entry as the statement shows it, the balance running on from `owedBefore`. */
function toEntries(rows: EntryRow[], owedBefore: number): StatementEntry[] {
  let owed = owedBefore;
  return rows.map((row) => {
    const amount = -row.amount;
    owed += amount;
    return {
      id: row.id,
      at: new Date(Number(row.micros) / 1000).toISOString(),
      kind: row.kind,
      orderId: row.order_id,
      shortId: row.order_id ? shortOrderId(row.order_id) : null,
      memo: row.memo,
      paidBy: row.payment_method ? paidByLabel(row.payment_method, row.channel) : null,
      amount,
      balance: owed,
    };
  });
}

/** The currency shown and every currency the account has entries in (the shown one among them). */
async function chooseCurrency(database: Database, owner: StatementOwner, asked: string | undefined) {
  const rows = await database.statements.run(currenciesStatement, [owner.account, owner.ownerId]);
  const withEntries = rows.map((row) => row.currency_symbol);
  const shown = asked ?? owner.currencySymbol ?? withEntries[0] ?? null;
  const currencies = shown && !withEntries.includes(shown) ? [shown, ...withEntries] : withEntries;
  return { shown, currencies };
}

/**
 * Where a page starts: after the cursor's entry, or at the period's start (the entries there have
 * ids above 0); a cursor outside the period is taken for its start or its end.
 */
function pagePosition(cursor: StatementCursor | undefined, from: Date, to: Date): StatementCursor {
  const start = { micros: microsOf(from), id: '0' };
  if (!cursor || BigInt(cursor.micros) <= BigInt(start.micros)) return start;
  const end = { micros: microsOf(to), id: '0' };
  return BigInt(cursor.micros) < BigInt(end.micros) ? cursor : end;
}

export interface StatementPage extends Statement {
  /** Where the next page starts; null on the last. */
  next: StatementCursor | null;
}

/** One page of a statement: `query.limit` entries after `query.cursor`. */
export async function readStatement(
  database: Database,
  owner: StatementOwner,
  query: Pick<StatementQuery, 'from' | 'to' | 'currency' | 'cursor' | 'limit'>,
  now = new Date(),
): Promise<StatementPage> {
  const period = statementPeriod(query, now);
  const { shown, currencies } = await chooseCurrency(database, owner, query.currency);
  const empty = {
    account: owner.account,
    ...period,
    currencySymbol: shown,
    currencies,
    entries: [],
    nextCursor: null,
    next: null,
  };
  if (!shown) return { ...empty, openingBalance: 0, closingBalance: 0 };

  const key: AccountKey = { account: owner.account, ownerId: owner.ownerId, currencySymbol: shown };
  const from = dayStart(period.from);
  const to = dayStart(period.to);
  const position = pagePosition(query.cursor, from, to);
  const positionAt = new Date(Math.floor(Number(position.micros) / 1000));
  const anchors = [from, to, positionAt].map((at) => settledDayStart(at, now));
  const [fromAnchor, toAnchor, positionAnchor] = anchors as [Date, Date, Date];

  const [page, fromBase, toBase, positionBase] = await Promise.all([
    database.statements.run(pageStatement, [
      key.account,
      key.ownerId,
      key.currencySymbol,
      position.micros,
      position.id,
      to.toISOString(),
      query.limit + 1,
      from.toISOString(),
      fromAnchor.toISOString(),
      toAnchor.toISOString(),
      positionAnchor.toISOString(),
    ]),
    sumBeforeDay(database.db, key, fromAnchor),
    sumBeforeDay(database.db, key, toAnchor),
    sumBeforeDay(database.db, key, positionAnchor),
  ]);
  const [sums] = page;
  if (!sums) throw new Error('the statement query answered no row');

  const entries = toEntries(sums.rows.slice(0, query.limit), -(positionBase + sums.position_tail));
  const last = sums.rows.length > query.limit ? sums.rows[query.limit - 1] : undefined;
  const next = last ? { micros: last.micros, id: last.id } : null;
  return {
    ...empty,
    openingBalance: -(fromBase + sums.from_tail),
    closingBalance: -(toBase + sums.to_tail),
    entries,
    next,
    nextCursor: next && encodeStatementCursor(next),
  };
}

/** Entries fetched per query while a CSV is written. */
const CSV_PAGE = 1000;

/**
 * Every entry of the statement's period: the first page read at once (so that a refusal or a
 * failure answers before anything is sent), the rest as the download is written.
 */
export async function readWholeStatement(
  database: Database,
  owner: StatementOwner,
  query: Pick<StatementQuery, 'from' | 'to' | 'currency'>,
  now = new Date(),
): Promise<{ first: StatementPage; rest: AsyncIterable<StatementEntry> }> {
  const first = await readStatement(database, owner, { ...query, cursor: undefined, limit: CSV_PAGE }, now);
  async function* rest(): AsyncGenerator<StatementEntry> {
    let next = first.next;
    let owed = first.entries.at(-1)?.balance ?? first.openingBalance;
    while (next && first.currencySymbol) {
      const [page] = await database.statements.run(rowsStatement, [
        owner.account,
        owner.ownerId,
        first.currencySymbol,
        next.micros,
        next.id,
        dayStart(first.to).toISOString(),
        CSV_PAGE,
      ]);
      const rows = page?.rows ?? [];
      const entries = toEntries(rows, owed);
      yield* entries;
      owed = entries.at(-1)?.balance ?? owed;
      const last = rows.at(-1);
      next = rows.length === CSV_PAGE && last ? { micros: last.micros, id: last.id } : null;
    }
  }
  return { first, rest: rest() };
}

import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { RiderCash } from '@shared/drivers/cash.js';
import type { Queryable } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/**
 * The cash a rider holds (issue 22 item 4): the balance of their rider_cash account, which every
 * cash order they deliver debits with its whole charge and every hand-in credits. It is summed
 * from the entries each time it is asked, through ledger_entries_account_idx (account, owner_id,
 * currency_symbol, ...): one index range per rider and currency, whose length is the rider's
 * number of cash deliveries and hand-ins in it. The cash limit is delivery_pricing.cash_limit of
 * the currency (null: none); a rider is over it when they hold strictly more.
 *
 * The fragments below go into other domains' statements (dispatch's choice of a driver, the
 * Available list), so that the limit is honoured in the same query that finds the driver or the
 * orders, with no second round trip.
 */

/** The cash `riderId` holds in `currency`, in minor units (0 without entries): a scalar subquery. */
export const riderCashHeld = (riderId: SQLWrapper, currency: SQLWrapper): SQL =>
  sql`(select coalesce(sum(held.amount), 0) from ledger_entries held
       where held.account = 'rider_cash' and held.owner_id = ${riderId} and held.currency_symbol = ${currency})`;

/**
 * The currencies `riderId` holds more cash in than their cash limit: a subquery of currency
 * symbols, for `in (...)`, run once per statement. It reads the rider's rider_cash entries once,
 * in the index's order (so grouped by currency without a sort), rather than summing them once per
 * priced currency: delivery_pricing is a handful of rows that autovacuum may never analyze, and a
 * sum per row of a table the planner took for hundreds of rows made the Available list's plan look
 * costly enough for PostgreSQL to JIT-compile it (450 ms a request, bench/available.bench.ts).
 */
export const currenciesOverCashLimit = (riderId: SQLWrapper): SQL =>
  sql`select held.currency_symbol
      from (
        select e.currency_symbol, sum(e.amount) as amount from ledger_entries e
        where e.account = 'rider_cash' and e.owner_id = ${riderId}
        group by e.currency_symbol
      ) held
      join delivery_pricing priced on priced.currency_symbol = held.currency_symbol
      where priced.cash_limit is not null and held.amount > priced.cash_limit`;

interface RiderCashRow {
  owner_id: string;
  currency_symbol: string;
  held: string;
  cash_limit: number | null;
}

const toRiderCash = (row: RiderCashRow): RiderCash => {
  const held = Number(row.held);
  return {
    currencySymbol: row.currency_symbol,
    held,
    limit: row.cash_limit,
    overLimit: row.cash_limit !== null && held > row.cash_limit,
  };
};

/**
 * The cash each of these riders holds in every currency they ever collected cash in (0 once all
 * of it is handed in), with each currency's limit, in one statement: riders without any cash
 * entry map to an empty list.
 */
export async function readRidersCash(db: Queryable, riderIds: readonly string[]): Promise<Map<string, RiderCash[]>> {
  const cash = new Map<string, RiderCash[]>(riderIds.map((id) => [id, []]));
  if (riderIds.length === 0) return cash;
  const rows = rowsOf<RiderCashRow>(
    await db.execute(sql`
      select e.owner_id, e.currency_symbol, sum(e.amount)::text as held, p.cash_limit
      from ledger_entries e
      left join delivery_pricing p on p.currency_symbol = e.currency_symbol
      where e.account = 'rider_cash' and e.owner_id = any(${sql.param([...riderIds])}::uuid[])
      group by e.owner_id, e.currency_symbol, p.cash_limit
      order by e.owner_id, sum(e.amount) desc, e.currency_symbol`),
  );
  for (const row of rows) cash.get(row.owner_id)?.push(toRiderCash(row));
  return cash;
}

/** The cash one rider holds, per currency (readRidersCash for one). */
export async function readRiderCash(db: Queryable, riderId: string): Promise<RiderCash[]> {
  return (await readRidersCash(db, [riderId])).get(riderId) ?? [];
}

/** The cash one rider holds in one currency, in minor units. */
export async function readRiderCashIn(db: Queryable, riderId: string, currency: string): Promise<number> {
  const [row] = rowsOf<{ held: string }>(
    await db.execute(sql`select ${riderCashHeld(sql`${riderId}::uuid`, sql`${currency}::text`)}::text as held`),
  );
  return Number(row?.held ?? 0);
}

export interface CashOverLimit {
  currencySymbol: string;
  held: number;
  limit: number;
}

/**
 * Whether taking this order would break the rider's cash limit: the order is paid in cash (not by
 * card: an order without a payment row counts as cash, as order_delivered posts it), its currency
 * has a limit and the rider holds more than it. What they hold and the limit when so, undefined
 * otherwise (a card order, no limit, under it, or no such order), in one statement.
 */
export async function findCashOverLimit(db: Queryable, riderId: string, orderId: string): Promise<CashOverLimit | undefined> {
  const [row] = rowsOf<{ currency_symbol: string; held: string; cash_limit: number }>(
    await db.execute(sql`
      select o.currency_symbol, c.held::text as held, p.cash_limit
      from orders o
      join delivery_pricing p on p.currency_symbol = o.currency_symbol and p.cash_limit is not null
      cross join lateral (select ${riderCashHeld(sql`${riderId}::uuid`, sql`o.currency_symbol`)} as held) c
      where o.id = ${orderId}
        and not exists (select 1 from payments pay where pay.order_id = o.id and pay.payment_method = 'paystack-card')
        and c.held > p.cash_limit`),
  );
  return row ? { currencySymbol: row.currency_symbol, held: Number(row.held), limit: row.cash_limit } : undefined;
}

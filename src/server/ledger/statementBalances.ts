import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { StatementAccount } from '@shared/ledger/statement.js';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/**
 * What one owner's account in one currency sums to before the start of a day, kept so that a
 * statement's balances do not read every entry the account ever had (a busy restaurant has one
 * per delivered order: 100,000 of them cost 30 to 110 ms to sum, bench/statement.bench.ts). A
 * statement reads its sums from the nearest settled day start (settledDayStart): kept, or made
 * from the nearest kept day start of the same account and the entries between, or from every entry
 * before it the first time; then only the entries between that day start and the instant it needs,
 * a day or two of them at most.
 *
 * A sum before a day start never changes once the day start is settled, a day after it passed:
 * the ledger is append-only (a trigger refuses updates and deletes) and every entry is written with
 * created_at = now() of the transaction that posts it (postingsRepository.ts), which commits in
 * seconds. So these sums need no invalidation. They would be wrong for a writer that posted entries
 * dated more than a day back; none does, and one that did would have to clear them.
 */

/** An owner's account in one currency. */
export interface AccountKey {
  account: StatementAccount;
  ownerId: string;
  currencySymbol: string;
}

const DAY_MS = 86_400_000;
/** A day start is trusted this long after it passed: no transaction that began before it is still open. */
const SETTLE_MS = DAY_MS;
/** Owners' accounts remembered per database (the least recently read forgotten first)... */
const MAX_ACCOUNTS = 5_000;
/** ...and day starts per account (the first kept forgotten first). */
const MAX_DAYS_PER_ACCOUNT = 64;

/** Per account, per day start (ms), the sum of its entries before it (debit positive). */
type DaySums = Map<number, Promise<number>>;

const cachesByDb = new WeakMap<Db, LRUCache<string, DaySums>>();

function sumsOf(db: Db, key: AccountKey): DaySums {
  let cache = cachesByDb.get(db);
  if (!cache) {
    cache = new LRUCache<string, DaySums>({ max: MAX_ACCOUNTS });
    cachesByDb.set(db, cache);
  }
  const name = `${key.account}\u0000${key.ownerId}\u0000${key.currencySymbol}`;
  let sums = cache.get(name);
  if (!sums) {
    sums = new Map();
    cache.set(name, sums);
  }
  return sums;
}

/**
 * The latest UTC day start at or before `at` that is settled at `now`: a statement reads its sums
 * from there. At most two days before `at` (or before now, for an instant in the future).
 */
export function settledDayStart(at: Date, now: Date): Date {
  const limit = Math.min(at.getTime(), now.getTime() - SETTLE_MS);
  return new Date(Math.floor(limit / DAY_MS) * DAY_MS);
}

async function sumBetween(db: Db, key: AccountKey, from: Date | null, to: Date): Promise<number> {
  const [row] = rowsOf<{ sum: number }>(
    await db.execute(sql`
      select coalesce(sum(amount), 0)::float8 as sum from ledger_entries
      where account = ${key.account} and owner_id = ${key.ownerId} and currency_symbol = ${key.currencySymbol}
        and created_at < ${to.toISOString()}::timestamptz
        ${from ? sql`and created_at >= ${from.toISOString()}::timestamptz` : sql``}`),
  );
  return Number(row?.sum ?? 0);
}

/** The kept day start nearest `at`, before or after it; undefined when none is kept. */
function nearestKept(sums: DaySums, at: number): number | undefined {
  let nearest: number | undefined;
  for (const known of sums.keys()) if (nearest === undefined || Math.abs(known - at) < Math.abs(nearest - at)) nearest = known;
  return nearest;
}

/**
 * The sum of the account's entries before `dayStart` (a settled day start, settledDayStart's
 * answer), debit positive: kept; or the kept sum of the nearest day start, plus or minus the
 * entries between; or every entry before it, the first time. Concurrent callers share one query.
 */
export function sumBeforeDay(db: Db, key: AccountKey, dayStart: Date): Promise<number> {
  const sums = sumsOf(db, key);
  const at = dayStart.getTime();
  const kept = sums.get(at);
  if (kept) return kept;
  const near = nearestKept(sums, at);
  const base = near === undefined ? undefined : sums.get(near);
  const sum = (async () => {
    if (near === undefined || !base) return sumBetween(db, key, null, dayStart);
    const [known, between] = await Promise.all([
      base,
      near < at ? sumBetween(db, key, new Date(near), dayStart) : sumBetween(db, key, dayStart, new Date(near)),
    ]);
    return near < at ? known + between : known - between;
  })();
  sums.set(at, sum);
  if (sums.size > MAX_DAYS_PER_ACCOUNT) {
    const [oldest] = sums.keys();
    if (oldest !== undefined && oldest !== at) sums.delete(oldest);
  }
  sum.catch(() => {
    if (sums.get(at) === sum) sums.delete(at);
  });
  return sum;
}

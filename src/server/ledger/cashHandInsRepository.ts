import { and, eq, sql } from 'drizzle-orm';
import type { PageQuery } from '@shared/paging.js';
import type { Queryable } from '../db/client.js';
import { afterCursor, cursorMicros, newestFirst } from '../db/keyset.js';
import { cashHandIns, drivers, profiles } from '../db/schema.js';

/** SQL of cash hand-ins (cashHandIns.ts): plain reads and writes, with the query builder (decision 015). */

/** Locks the rider's driver row until the transaction ends (hand-ins of one rider run one at a time); undefined for no such driver. */
export async function lockRider(db: Queryable, riderId: string): Promise<{ userId: string } | undefined> {
  const [row] = await db.select({ userId: drivers.userId }).from(drivers).where(eq(drivers.userId, riderId)).for('update');
  return row;
}

/** Whether the rider has a driver row. */
export async function riderExists(db: Queryable, riderId: string): Promise<boolean> {
  const [row] = await db.select({ userId: drivers.userId }).from(drivers).where(eq(drivers.userId, riderId)).limit(1);
  return row !== undefined;
}

const keys = { createdAt: cashHandIns.createdAt, id: cashHandIns.id };

const handInColumns = {
  id: cashHandIns.id,
  riderId: cashHandIns.riderId,
  currencySymbol: cashHandIns.currencySymbol,
  amount: cashHandIns.amount,
  reference: cashHandIns.reference,
  receivedBy: cashHandIns.receivedBy,
  recordedByName: profiles.fullName,
  createdAt: cashHandIns.createdAt,
  cursorMicros: cursorMicros(keys),
};

const selectHandIns = (db: Queryable) =>
  db.select(handInColumns).from(cashHandIns).leftJoin(profiles, eq(profiles.id, cashHandIns.recordedBy));

/** The rider's hand-in recorded with this reference in any letter case, if any (cash_hand_ins_rider_idx finds the rider's). */
export async function findHandInByReference(db: Queryable, riderId: string, reference: string) {
  const [row] = await selectHandIns(db)
    .where(and(eq(cashHandIns.riderId, riderId), sql`lower(${cashHandIns.reference}) = lower(${reference})`))
    .limit(1);
  return row;
}

/** One page of the rider's hand-ins, newest first (limit + 1 rows: see toPage). */
export function listHandInRows(db: Queryable, riderId: string, page: PageQuery) {
  return selectHandIns(db)
    .where(and(eq(cashHandIns.riderId, riderId), afterCursor(keys, page.cursor)))
    .orderBy(...newestFirst(keys))
    .limit(page.limit + 1);
}

export async function insertHandIn(db: Queryable, values: typeof cashHandIns.$inferInsert): Promise<string> {
  const [row] = await db.insert(cashHandIns).values(values).returning({ id: cashHandIns.id });
  if (!row) throw new Error('insertHandIn returned no row');
  return row.id;
}

export async function findHandIn(db: Queryable, id: string) {
  const [row] = await selectHandIns(db).where(eq(cashHandIns.id, id)).limit(1);
  return row;
}

export type HandInRow = NonNullable<Awaited<ReturnType<typeof findHandIn>>>;

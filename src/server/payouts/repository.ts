import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PayeeAccount, PayoutRecipientType, PayoutStatus } from '@shared/payouts/kinds.js';
import type { PayoutDueCursor } from '@shared/payouts/schemas.js';
import type { Queryable } from '../db/client.js';
import { afterCursor, cursorMicros, newestFirst } from '../db/keyset.js';
import { containing } from '../db/like.js';
import { rowsOf } from '../db/rows.js';
import { payoutAccounts, payouts, profiles, restaurants } from '../db/schema.js';

/**
 * Payouts' reads and writes (decision 023). Plain reads and writes go through the query builder;
 * the sums over the ledger, the advisory locks and the due list are `sql` (decision 015).
 */

/** The payouts still under way: Paystack has not said how they ended. */
const OPEN_STATUSES = ['queued', 'pending', 'otp'] as const satisfies readonly PayoutStatus[];

export interface Payee {
  payee: PayeeAccount;
  payeeId: string;
}

/** The owner's restaurant (an owner has one at most): where its payouts are made. */
export async function findOwnedRestaurant(db: Queryable, ownerId: string) {
  const [row] = await db
    .select({ id: restaurants.id, country: restaurants.country })
    .from(restaurants)
    .where(eq(restaurants.ownerId, ownerId))
    .limit(1);
  return row;
}

export async function findRestaurantCountry(db: Queryable, restaurantId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ country: restaurants.country })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId))
    .limit(1);
  return row?.country;
}

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

export async function findPayoutAccount(db: Queryable, { payee, payeeId }: Payee): Promise<PayoutAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.payee, payee), eq(payoutAccounts.payeeId, payeeId)))
    .limit(1);
  return row;
}

export interface NewPayoutAccount extends Payee {
  recipientType: PayoutRecipientType;
  bankCode: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
  currency: string;
  recipientCode: string;
  updatedBy: string;
}

/** Saves the payee's one payout account, replacing the one they had. */
export async function upsertPayoutAccount(db: Queryable, account: NewPayoutAccount): Promise<PayoutAccountRow> {
  const { payee, payeeId, ...fields } = account;
  const [row] = await db
    .insert(payoutAccounts)
    .values(account)
    .onConflictDoUpdate({
      target: [payoutAccounts.payee, payoutAccounts.payeeId],
      set: { ...fields, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error(`the payout account of ${payee} ${payeeId} was not saved`);
  return row;
}

/**
 * Holds the payees until the caller's transaction ends, so that what one is owed is read and paid
 * out, or their payout account changed, by one transaction at a time. Taken in one order
 * (by key), so two transactions locking several never wait on each other in a circle.
 */
export async function lockPayees(db: Queryable, payees: readonly Payee[]): Promise<void> {
  if (payees.length === 0) return;
  const keys = [...new Set(payees.map(({ payee, payeeId }) => `payout:${payee}:${payeeId}`))].sort();
  await db.execute(sql`
    select count(pg_advisory_xact_lock(hashtextextended(key, 0)))
    from (select key from unnest(${sql.param(keys)}::text[]) as key order by key) as keys`);
}

/** The payee's payout under way in `currencySymbol` (any currency without one), if any. */
export async function findOpenPayout(db: Queryable, { payee, payeeId }: Payee, currencySymbol?: string) {
  const [row] = await db
    .select({ id: payouts.id, status: payouts.status })
    .from(payouts)
    .where(
      and(
        eq(payouts.payee, payee),
        eq(payouts.payeeId, payeeId),
        currencySymbol === undefined ? undefined : eq(payouts.currencySymbol, currencySymbol),
        inArray(payouts.status, OPEN_STATUSES),
      ),
    )
    .limit(1);
  return row;
}

/** What the payouts not yet sent to Paystack in a currency will take from its balance, minor units. */
export async function queuedTotal(db: Queryable, currencySymbol: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${payouts.amount}), 0)::text` })
    .from(payouts)
    .where(and(eq(payouts.currencySymbol, currencySymbol), eq(payouts.status, 'queued')));
  return Number(row?.total ?? 0);
}

/** What the platform owes the payee in a currency: minus their account's balance, in minor units. */
export async function owedTo(db: Queryable, { payee, payeeId }: Payee, currencySymbol: string): Promise<number> {
  const [row] = rowsOf<{ owed: string }>(
    await db.execute(sql`
      select (-coalesce(sum(amount), 0))::text as owed from ledger_entries
      where account = ${payee} and owner_id = ${payeeId} and currency_symbol = ${currencySymbol}`),
  );
  return Number(row?.owed ?? 0);
}

export interface PayableRow extends Payee {
  owed: number;
  accountId: string;
  accountCurrency: string;
  openPayout: boolean;
}

/**
 * For each of `payees`, in one statement: what they are owed in `currencySymbol`, their payout
 * account and whether a payout of theirs is under way in it. Payees owed nothing or without an
 * account are left out.
 */
export async function findPayable(db: Queryable, payees: readonly Payee[], currencySymbol: string): Promise<PayableRow[]> {
  if (payees.length === 0) return [];
  const list = JSON.stringify(payees.map(({ payee, payeeId }) => ({ payee, payee_id: payeeId })));
  const rows = rowsOf<{
    payee: PayeeAccount;
    payee_id: string;
    owed: string;
    account_id: string;
    account_currency: string;
    open_payout: boolean;
  }>(
    await db.execute(sql`
      with asked as (
        select payee, payee_id from jsonb_to_recordset(${list}::jsonb) as c(payee text, payee_id uuid)
      ),
      owed as (
        select a.payee, a.payee_id,
          -(select coalesce(sum(e.amount), 0) from ledger_entries e
            where e.account = a.payee and e.owner_id = a.payee_id and e.currency_symbol = ${currencySymbol}) as owed
        from asked a
      )
      select o.payee, o.payee_id, o.owed::text as owed, pa.id as account_id, pa.currency as account_currency,
        exists (
          select 1 from payouts p
          where p.payee = o.payee and p.payee_id = o.payee_id and p.currency_symbol = ${currencySymbol}
            and p.status in ('queued', 'pending', 'otp')
        ) as open_payout
      from owed o
      join payout_accounts pa on pa.payee = o.payee and pa.payee_id = o.payee_id
      where o.owed > 0`),
  );
  return rows.map((row) => ({
    payee: row.payee,
    payeeId: row.payee_id,
    owed: Number(row.owed),
    accountId: row.account_id,
    accountCurrency: row.account_currency,
    openPayout: row.open_payout,
  }));
}

export interface DueRow extends Payee {
  owed: number;
  accountCurrency: string | null;
  openPayout: boolean;
}

/** Everyone owed money in `currencySymbol`, with their payout account's currency (null: none) and whether a payout is under way. */
export async function findDue(db: Queryable, currencySymbol: string): Promise<DueRow[]> {
  const rows = rowsOf<{
    payee: PayeeAccount;
    payee_id: string;
    owed: string;
    account_currency: string | null;
    open_payout: boolean;
  }>(
    await db.execute(sql`
      with owed as (
        select account as payee, owner_id as payee_id, -sum(amount) as owed
        from ledger_entries
        where account in ('restaurant', 'rider') and owner_id is not null and currency_symbol = ${currencySymbol}
        group by account, owner_id
        having sum(amount) < 0
      )
      select o.payee, o.payee_id, o.owed::text as owed, pa.currency as account_currency,
        exists (
          select 1 from payouts p
          where p.payee = o.payee and p.payee_id = o.payee_id and p.currency_symbol = ${currencySymbol}
            and p.status in ('queued', 'pending', 'otp')
        ) as open_payout
      from owed o
      left join payout_accounts pa on pa.payee = o.payee and pa.payee_id = o.payee_id
      order by o.payee, o.payee_id`),
  );
  return rows.map((row) => ({
    payee: row.payee,
    payeeId: row.payee_id,
    owed: Number(row.owed),
    accountCurrency: row.account_currency,
    openPayout: row.open_payout,
  }));
}

export interface NewPayout extends Payee {
  accountId: string;
  amount: number;
}

/** Our transfer reference: Paystack wants 16 to 50 of a-z, 0-9, - and _; this is 39, unguessable and unique. */
const newReference = () => `payout_${randomUUID().replaceAll('-', '')}`;

/** A payout as written: queued, for its payee. */
interface NewPayoutRow extends Payee {
  id: string;
  amount: number;
  status: PayoutStatus;
}

/**
 * Writes the payouts, queued, in one statement whatever their number (the rows travel as one jsonb
 * parameter: 'pay everyone' writes hundreds at a time); a payee with a payout under way in the
 * currency already (the partial unique index) is skipped. Answers the payouts written.
 */
export async function insertPayouts(
  db: Queryable,
  rows: readonly NewPayout[],
  currencySymbol: string,
  requestedBy: string | null,
): Promise<NewPayoutRow[]> {
  if (rows.length === 0) return [];
  const list = JSON.stringify(
    rows.map((row) => ({
      reference: newReference(),
      payee: row.payee,
      payee_id: row.payeeId,
      payout_account_id: row.accountId,
      amount: row.amount,
    })),
  );
  return rowsOf<NewPayoutRow>(
    await db.execute(sql`
      insert into payouts (reference, payee, payee_id, payout_account_id, currency_symbol, amount, requested_by)
      select r.reference, r.payee, r.payee_id, r.payout_account_id, ${currencySymbol}, r.amount, ${requestedBy}::uuid
      from jsonb_to_recordset(${list}::jsonb) as r(reference text, payee text, payee_id uuid, payout_account_id uuid, amount integer)
      on conflict do nothing
      returning id, amount, status, payee, payee_id as "payeeId"`),
  );
}

/** What the payout job needs: the payout, the recipient it is paid to and the currency of that account. */
export async function findPayoutToSend(db: Queryable, payoutId: string) {
  const [row] = await db
    .select({
      id: payouts.id,
      reference: payouts.reference,
      amount: payouts.amount,
      status: payouts.status,
      recipientCode: payoutAccounts.recipientCode,
      currency: payoutAccounts.currency,
    })
    .from(payouts)
    .innerJoin(payoutAccounts, eq(payoutAccounts.id, payouts.payoutAccountId))
    .where(eq(payouts.id, payoutId))
    .limit(1);
  return row;
}

export async function findPayoutByReference(db: Queryable, reference: string) {
  const [row] = await db
    .select({ id: payouts.id, amount: payouts.amount, status: payouts.status })
    .from(payouts)
    .where(eq(payouts.reference, reference))
    .limit(1);
  return row;
}

export async function findPayoutStatus(db: Queryable, payoutId: string) {
  const [row] = await db
    .select({ id: payouts.id, reference: payouts.reference, status: payouts.status, transferCode: payouts.transferCode })
    .from(payouts)
    .where(eq(payouts.id, payoutId))
    .limit(1);
  return row;
}

/**
 * The one conditional update every status change goes through: to `to` only from one of `from`
 * (so a replayed webhook, a second verify or a late answer changes nothing), keeping the transfer
 * code Paystack gave and, for a failed or reversed transfer, its reason. Undefined when the
 * payout was not in one of `from`.
 */
export async function moveStatus(
  db: Queryable,
  payout: { id: string } | { reference: string },
  to: PayoutStatus,
  from: readonly PayoutStatus[],
  details: { transferCode?: string; failureReason?: string },
) {
  const [row] = await db
    .update(payouts)
    .set({
      status: to,
      transferCode:
        details.transferCode === undefined ? undefined : sql`coalesce(${payouts.transferCode}, ${details.transferCode})`,
      failureReason: details.failureReason,
      updatedAt: sql`now()`,
    })
    .where(
      and('id' in payout ? eq(payouts.id, payout.id) : eq(payouts.reference, payout.reference), inArray(payouts.status, from)),
    )
    .returning({
      id: payouts.id,
      status: payouts.status,
      amount: payouts.amount,
      payee: payouts.payee,
      payeeId: payouts.payeeId,
    });
  return row;
}

/** Payouts under way whose row has not changed (nor been checked) for `olderThanMs`, oldest first. */
export async function findPayoutsToCheck(db: Queryable, olderThanMs: number, limit: number) {
  return db
    .select({ id: payouts.id, reference: payouts.reference, status: payouts.status })
    .from(payouts)
    .where(
      and(inArray(payouts.status, OPEN_STATUSES), lt(payouts.updatedAt, sql`now() - ${olderThanMs} * interval '1 millisecond'`)),
    )
    .orderBy(payouts.updatedAt, payouts.id)
    .limit(limit);
}

/** A payout the check asked Paystack about, still as it was: checked now, so the next checks look at others first. */
export async function markChecked(db: Queryable, payoutId: string, status: PayoutStatus): Promise<void> {
  await db
    .update(payouts)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, status)));
}

/** The payee's name: the restaurant's, or the rider's full name. */
const payeeName = sql<string>`coalesce(${restaurants.name}, ${profiles.fullName}, '')`;

const payoutColumns = {
  id: payouts.id,
  reference: payouts.reference,
  payee: payouts.payee,
  payeeId: payouts.payeeId,
  name: payeeName,
  currencySymbol: payouts.currencySymbol,
  amount: payouts.amount,
  status: payouts.status,
  failureReason: payouts.failureReason,
  createdAt: payouts.createdAt,
  updatedAt: payouts.updatedAt,
};

export async function findPayoutRow(db: Queryable, payoutId: string) {
  const [row] = await db
    .select(payoutColumns)
    .from(payouts)
    .leftJoin(restaurants, and(eq(payouts.payee, 'restaurant'), eq(restaurants.id, payouts.payeeId)))
    .leftJoin(profiles, and(eq(payouts.payee, 'rider'), eq(profiles.id, payouts.payeeId)))
    .where(eq(payouts.id, payoutId))
    .limit(1);
  return row;
}

/** Payouts (of one status, if given) newest first, from after `cursor`: a page and one more row. */
export async function listPayoutRows(
  db: Queryable,
  query: { status?: PayoutStatus; cursor?: { micros: string; id: string }; limit: number },
) {
  const keys = { createdAt: payouts.createdAt, id: payouts.id };
  return db
    .select({ ...payoutColumns, cursorMicros: cursorMicros(keys) })
    .from(payouts)
    .leftJoin(restaurants, and(eq(payouts.payee, 'restaurant'), eq(restaurants.id, payouts.payeeId)))
    .leftJoin(profiles, and(eq(payouts.payee, 'rider'), eq(profiles.id, payouts.payeeId)))
    .where(and(query.status ? eq(payouts.status, query.status) : undefined, afterCursor(keys, query.cursor)))
    .orderBy(...newestFirst(keys))
    .limit(query.limit + 1);
}

export interface DueListRow {
  payee: PayeeAccount;
  payee_id: string;
  name: string;
  currency_symbol: string;
  owed: string;
  has_account: boolean;
  open_id: string | null;
  open_status: PayoutStatus | null;
}

/**
 * Everyone the platform owes money, per currency, named, found by name, by (name, payee, payee,
 * currency) from after `cursor`: a page and one more row. Summed from the entries on every call,
 * as the ledger's balances are.
 */
export async function listDueRows(
  db: Queryable,
  { text, cursor, limit }: { text: string | undefined; cursor: PayoutDueCursor | undefined; limit: number },
): Promise<DueListRow[]> {
  const matches: SQL = text ? sql`and n.name ilike ${containing(text)}` : sql``;
  const after: SQL = cursor
    ? sql`and (n.name, n.payee, n.payee_id::text, n.currency_symbol) >
            (${cursor.name}::text, ${cursor.payee}::text, ${cursor.payeeId}::text, ${cursor.currencySymbol}::text)`
    : sql``;
  return rowsOf<DueListRow>(
    await db.execute(sql`
      with owed as (
        select account as payee, owner_id as payee_id, currency_symbol, -sum(amount) as owed
        from ledger_entries
        where account in ('restaurant', 'rider') and owner_id is not null
        group by account, owner_id, currency_symbol
        having sum(amount) < 0
      ),
      named as (
        select o.payee, o.payee_id, o.currency_symbol, o.owed, coalesce(r.name, p.full_name, '') as name
        from owed o
        left join restaurants r on o.payee = 'restaurant' and r.id = o.payee_id
        left join profiles p on o.payee = 'rider' and p.id = o.payee_id
      )
      select n.payee, n.payee_id, n.name, n.currency_symbol, n.owed::text as owed,
        exists (select 1 from payout_accounts a where a.payee = n.payee and a.payee_id = n.payee_id) as has_account,
        op.id as open_id, op.status as open_status
      from named n
      left join lateral (
        select p.id, p.status from payouts p
        where p.payee = n.payee and p.payee_id = n.payee_id and p.currency_symbol = n.currency_symbol
          and p.status in ('queued', 'pending', 'otp')
        limit 1
      ) op on true
      where true ${matches} ${after}
      order by n.name, n.payee, n.payee_id::text, n.currency_symbol
      limit ${limit + 1}`),
  );
}

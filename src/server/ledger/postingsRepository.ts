import { sql, type SQL } from 'drizzle-orm';
import type { LedgerAccount, LedgerEvent } from '@shared/ledger/accounts.js';
import type { Queryable } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/**
 * The ledger's writes (decision 022), each one statement: a common table expression `head` (at
 * most one row: kind, order_id, memo, currency_symbol, and whatever `lines` needs) and `lines`
 * (account, owner_id, amount) that may read it. The statement writes the transaction and its
 * non-zero entries, only if the lines sum to zero and, for an order's event, only the first time
 * (the partial unique index on (order_id, kind) answers the conflict). So an order's posting reads
 * the order and writes the ledger in one round trip. A payout's event (`head` with payout_id
 * instead) is written once per (payout_id, kind) the same way.
 */

interface PostedRow {
  id: string | null;
  sum: string;
}

export interface PostingResult {
  /** The new transaction; null when nothing was written (no head row, already posted, or unbalanced). */
  id: string | null;
  /** The sum of the lines, in minor units, as text: '0' unless a rule is broken. */
  sum: string;
}

/** Which event a posting is of: an order's (the head has order_id) or a payout's (payout_id). */
type EventOf = 'order' | 'payout';

const EVENT_KEYS: Record<EventOf, { insert: (at: SQL) => SQL; conflict: SQL }> = {
  order: {
    insert: (at) => sql`insert into ledger_transactions (kind, order_id, memo, created_at)
      select kind, order_id, memo, ${at} from head`,
    conflict: sql`on conflict (order_id, kind) where order_id is not null do nothing`,
  },
  payout: {
    insert: (at) => sql`insert into ledger_transactions (kind, payout_id, memo, created_at)
      select kind, payout_id, memo, ${at} from head`,
    conflict: sql`on conflict (payout_id, kind) where payout_id is not null do nothing`,
  },
};

/**
 * When a posting's event happened: now, as it is posted in the event's transaction, unless
 * history is written after the fact (the demo seed's past deliveries and hand-ins).
 */
export type PostedAt = Date | undefined;
const postedAt = (at: PostedAt): SQL => (at ? sql`${at.toISOString()}::timestamptz` : sql`now()`);

function posting(head: SQL, lines: SQL, of: EventOf = 'order', at?: PostedAt): SQL {
  return sql`
    with head as (${head}),
    lines as (${lines}),
    posted as (
      ${EVENT_KEYS[of].insert(postedAt(at))}
      where (select coalesce(sum(amount), 0) from lines) = 0
      ${EVENT_KEYS[of].conflict}
      returning id
    ),
    written as (
      insert into ledger_entries (transaction_id, account, owner_id, currency_symbol, amount, created_at)
      select posted.id, lines.account, lines.owner_id, head.currency_symbol, lines.amount, ${postedAt(at)}
      from posted cross join head cross join lines
      where lines.amount <> 0
    )
    select (select id from posted) as id, (select coalesce(sum(amount), 0) from lines)::text as sum`;
}

async function run(db: Queryable, statement: SQL): Promise<PostingResult> {
  const [row] = rowsOf<PostedRow>(await db.execute(statement));
  return { id: row?.id ?? null, sum: row?.sum ?? '0' };
}

/** Writes a transaction of the given lines (postTransaction checked them). */
export function insertPosting(
  db: Queryable,
  t: {
    kind: LedgerEvent;
    orderId: string | null;
    payoutId?: string | null;
    memo: string | null;
    currencySymbol: string;
    lines: readonly { account: LedgerAccount; ownerId: string | null; amount: number }[];
    at?: PostedAt;
  },
): Promise<PostingResult> {
  const lines = JSON.stringify(t.lines.map((line) => ({ account: line.account, owner_id: line.ownerId, amount: line.amount })));
  const payoutId = t.payoutId ?? null;
  return run(
    db,
    posting(
      sql`select ${t.kind}::text as kind, ${t.orderId}::uuid as order_id, ${payoutId}::uuid as payout_id, ${t.memo}::text as memo, ${t.currencySymbol}::text as currency_symbol`,
      sql`select account, owner_id, amount from jsonb_to_recordset(${lines}::jsonb) as l(account text, owner_id uuid, amount bigint)`,
      payoutId ? 'payout' : 'order',
      t.at,
    ),
  );
}

/**
 * A payout's money coming back (payout_failed or payout_reversed): its amount credited back to the
 * payee's account and taken out of Paystack's, once per payout and kind, and only for a payout
 * whose payout_sent was posted. Nothing when there is no such payout.
 */
export function insertPayoutReturned(
  db: Queryable,
  payoutId: string,
  kind: 'payout_failed' | 'payout_reversed',
  memo: string | null,
): Promise<PostingResult> {
  return run(
    db,
    posting(
      sql`select ${kind}::text as kind, p.id as payout_id, ${memo}::text as memo, p.currency_symbol, p.payee, p.payee_id, p.amount::bigint as amount
          from payouts p
          where p.id = ${payoutId}
            and exists (select 1 from ledger_transactions t where t.payout_id = p.id and t.kind = 'payout_sent')`,
      sql`select l.account, l.owner_id, l.amount from head cross join lateral (values
            (head.payee, head.payee_id, -head.amount),
            ('paystack', null::uuid, head.amount)
          ) as l(account, owner_id, amount)`,
      'payout',
    ),
  );
}

/**
 * payout_sent for each of `payoutIds` (rows of payouts), in one statement: the amount debited to
 * the payee's account (what the platform owes them goes down) and credited to Paystack's, once
 * per payout. Answers how many were posted.
 */
export async function insertPayoutsSent(db: Queryable, payoutIds: readonly string[]): Promise<number> {
  if (payoutIds.length === 0) return 0;
  const [row] = rowsOf<{ posted: number }>(
    await db.execute(sql`
      with sent as (
        select p.id, p.payee, p.payee_id, p.currency_symbol, p.amount::bigint as amount
        from payouts p where p.id = any(${sql.param(payoutIds)}::uuid[])
      ),
      posted as (
        insert into ledger_transactions (kind, payout_id)
        select 'payout_sent', id from sent
        on conflict (payout_id, kind) where payout_id is not null do nothing
        returning id, payout_id
      ),
      written as (
        insert into ledger_entries (transaction_id, account, owner_id, currency_symbol, amount)
        select posted.id, l.account, l.owner_id, sent.currency_symbol, l.amount
        from posted join sent on sent.id = posted.payout_id
        cross join lateral (values (sent.payee, sent.payee_id, sent.amount), ('paystack', null::uuid, -sent.amount)) as l(account, owner_id, amount)
      )
      select count(*)::int as posted from posted`),
  );
  return row?.posted ?? 0;
}

/** What the customer paid for an order: food, delivery fee and tip. */
const CHARGE = sql.raw('(o.total_amount::bigint + o.delivery_fee + o.tip_amount)');

/**
 * A card order's payment, once Paystack has taken it: the whole charge into Paystack's account,
 * held for the customer until the order is delivered or refunded. Nothing for a cash order.
 */
export function insertOrderPaid(db: Queryable, orderId: string): Promise<PostingResult> {
  return run(
    db,
    posting(
      sql`select 'order_paid'::text as kind, o.id as order_id, null::text as memo, o.currency_symbol, ${CHARGE} as charge
          from orders o join payments p on p.order_id = o.id and p.payment_method = 'paystack-card'
          where o.id = ${orderId}`,
      sql`select l.account, l.owner_id, l.amount from head cross join lateral (values
            ('paystack', null::uuid, head.charge),
            ('customer_funds', null::uuid, -head.charge)
          ) as l(account, owner_id, amount)`,
    ),
  );
}

/**
 * A delivered order, split as its snapshot says: the charge comes out of the customer's funds
 * (card) or the cash its rider collected (cash), and goes to the restaurant (its payout), the
 * platform (commission and its share of the delivery fee) and the rider (the rest of the fee, and
 * the tip). A card order paid before the ledger existed has no order_paid: its charge comes
 * straight out of Paystack's account. An order support closed as delivered without a rider: nobody
 * earned the rider's part, so it goes to the platform's delivery share, and the cash, if any, is
 * counted as received by the platform.
 */
export function insertOrderDelivered(db: Queryable, orderId: string, at?: PostedAt): Promise<PostingResult> {
  return run(
    db,
    posting(
      sql`select 'order_delivered'::text as kind, o.id as order_id, o.currency_symbol, o.restaurant_id, o.driver_id,
            case when o.driver_id is null then 'Delivered without a rider: the rider''s part went to the delivery share' end as memo,
            ${CHARGE} as charge,
            o.restaurant_payout::bigint as payout,
            o.commission_amount::bigint as commission,
            case when o.driver_id is null then 0 else o.delivery_fee - o.delivery_share + o.tip_amount end::bigint as rider_part,
            case when o.driver_id is null then o.delivery_fee + o.tip_amount else o.delivery_share end::bigint as platform_part,
            case
              when p.payment_method = 'paystack-card' then
                case when exists (select 1 from ledger_transactions t where t.order_id = o.id and t.kind = 'order_paid')
                  then 'customer_funds' else 'paystack' end
              when o.driver_id is null then 'cash_received'
              else 'rider_cash'
            end as paid_from,
            case when p.payment_method = 'paystack-card' then null else o.driver_id end as paid_by
          from orders o left join payments p on p.order_id = o.id
          where o.id = ${orderId} and o.status = 'delivered'`,
      sql`select l.account, l.owner_id, l.amount from head cross join lateral (values
            (head.paid_from, head.paid_by, head.charge),
            ('restaurant', head.restaurant_id, -head.payout),
            ('commission', null::uuid, -head.commission),
            ('rider', head.driver_id, -head.rider_part),
            ('delivery_share', null::uuid, -head.platform_part)
          ) as l(account, owner_id, amount)`,
      'order',
      at,
    ),
  );
}

/**
 * A cancelled order whose card payment was posted (order_paid), or one closed as customer not
 * available whose payment an admin chose to refund (decision 030): the same amount goes back from
 * the customer's funds to Paystack, which returns it. Nothing for a cash or unpaid order.
 */
export function insertOrderRefunded(db: Queryable, orderId: string): Promise<PostingResult> {
  return run(
    db,
    posting(
      sql`select 'order_refunded'::text as kind, o.id as order_id, null::text as memo, e.currency_symbol, e.amount as charge
          from orders o
          join ledger_transactions t on t.order_id = o.id and t.kind = 'order_paid'
          join ledger_entries e on e.transaction_id = t.id and e.account = 'paystack'
          where o.id = ${orderId} and o.status in ('cancelled', 'customer_unavailable')`,
      sql`select l.account, l.owner_id, l.amount from head cross join lateral (values
            ('customer_funds', null::uuid, head.charge),
            ('paystack', null::uuid, -head.charge)
          ) as l(account, owner_id, amount)`,
    ),
  );
}

/**
 * A cancelled card order whose payment support kept (the food was made): the payment comes out of
 * the customer's funds as for a delivery without a rider: the restaurant's payout, the commission,
 * and the delivery fee and tip to the platform's delivery share. An order closed as customer not
 * available whose payment an admin kept (decision 030) is split as a delivery is: its rider made
 * the trip and waited, so they earn their part of the fee and the tip. Nothing unless order_paid
 * was posted.
 */
export function insertPaymentKept(db: Queryable, orderId: string): Promise<PostingResult> {
  return run(
    db,
    posting(
      sql`select 'payment_kept'::text as kind, o.id as order_id, null::text as memo, o.currency_symbol, o.restaurant_id, o.driver_id,
            ${CHARGE} as charge, o.restaurant_payout::bigint as payout, o.commission_amount::bigint as commission,
            case when r.paid then o.delivery_fee - o.delivery_share + o.tip_amount else 0 end::bigint as rider_part,
            case when r.paid then o.delivery_share else o.delivery_fee + o.tip_amount end::bigint as platform_part
          from orders o
          cross join lateral (select o.status = 'customer_unavailable' and o.driver_id is not null as paid) as r
          where o.id = ${orderId} and o.status in ('cancelled', 'customer_unavailable')
            and exists (select 1 from ledger_transactions t where t.order_id = o.id and t.kind = 'order_paid')`,
      sql`select l.account, l.owner_id, l.amount from head cross join lateral (values
            ('customer_funds', null::uuid, head.charge),
            ('restaurant', head.restaurant_id, -head.payout),
            ('commission', null::uuid, -head.commission),
            ('rider', head.driver_id, -head.rider_part),
            ('delivery_share', null::uuid, -head.platform_part)
          ) as l(account, owner_id, amount)`,
    ),
  );
}

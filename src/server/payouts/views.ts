import type { Page } from '@shared/paging.js';
import {
  encodeDueCursor,
  PAYOUT_MESSAGES,
  type PayoutDue,
  type PayoutDueQuery,
  type PayoutListQuery,
  type PayoutView,
} from '@shared/payouts/schemas.js';
import type { Queryable } from '../db/client.js';
import { toPage } from '../db/keyset.js';
import { notFound } from '../http/errors.js';
import { findPayoutRow, listDueRows, listPayoutRows } from './repository.js';

/** What the admin's Payouts page reads: payouts and who is owed money. */

type PayoutRow = NonNullable<Awaited<ReturnType<typeof findPayoutRow>>>;

const toView = (row: PayoutRow): PayoutView => ({
  id: row.id,
  reference: row.reference,
  payee: row.payee,
  payeeId: row.payeeId,
  name: row.name,
  currencySymbol: row.currencySymbol,
  amount: row.amount,
  status: row.status,
  failureReason: row.failureReason,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function payoutView(db: Queryable, payoutId: string): Promise<PayoutView> {
  const row = await findPayoutRow(db, payoutId);
  if (!row) throw notFound(PAYOUT_MESSAGES.payoutNotFound);
  return toView(row);
}

/** GET /api/admin/payouts: newest first, of one status if asked. */
export async function listPayouts(db: Queryable, query: PayoutListQuery): Promise<Page<PayoutView>> {
  return toPage(await listPayoutRows(db, query), query.limit, toView);
}

/** GET /api/admin/payouts/due: who is owed money, by name, with their payout account and payout under way. */
export async function listDue(db: Queryable, query: PayoutDueQuery): Promise<Page<PayoutDue>> {
  const rows = await listDueRows(db, { text: query.q || undefined, cursor: query.cursor, limit: query.limit });
  const items = rows.slice(0, query.limit).map((row): PayoutDue => ({
    payee: row.payee,
    payeeId: row.payee_id,
    name: row.name,
    currencySymbol: row.currency_symbol,
    owed: Number(row.owed),
    hasAccount: row.has_account,
    openPayout: row.open_id && row.open_status ? { id: row.open_id, status: row.open_status } : null,
  }));
  const last = items.at(-1);
  return {
    items,
    nextCursor:
      rows.length > query.limit && last
        ? encodeDueCursor({ name: last.name, payee: last.payee, payeeId: last.payeeId, currencySymbol: last.currencySymbol })
        : null,
  };
}

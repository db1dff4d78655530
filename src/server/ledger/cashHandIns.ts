import { CASH_MESSAGES, type CashHandInPage, type CashHandInRequest, type CashHandInView } from '@shared/drivers/cash.js';
import type { PageQuery } from '@shared/paging.js';
import { topics } from '@shared/realtime/events.js';
import type { Db, Queryable, Tx } from '../db/client.js';
import { toPage } from '../db/keyset.js';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import type { Jobs } from '../jobs/jobs.js';
import { transactionWithEvents } from '../realtime/publish.js';
import {
  findHandIn,
  findHandInByReference,
  insertHandIn,
  listHandInRows,
  lockRider,
  riderExists,
  type HandInRow,
} from './cashHandInsRepository.js';
import { postTransaction } from './post.js';
import type { PostedAt } from './postingsRepository.js';
import { readRiderCash, readRiderCashIn } from './riderCash.js';

/**
 * Cash a rider hands in (issue 22 item 4), recorded by an admin: how much, in which currency, the
 * receipt's reference and who received it. It is a ledger transaction, cash_handed_in (debit the
 * platform's cash_received, credit the rider's rider_cash, memo: the reference), and a row of
 * cash_hand_ins pointing at it, written together.
 */

const toView = (row: HandInRow): CashHandInView => ({
  id: row.id,
  riderId: row.riderId,
  currencySymbol: row.currencySymbol,
  amount: row.amount,
  reference: row.reference,
  receivedBy: row.receivedBy,
  recordedByName: row.recordedByName,
  createdAt: row.createdAt.toISOString(),
});

const sameHandIn = (row: HandInRow, request: CashHandInRequest) =>
  row.amount === request.amount && row.currencySymbol === request.currencySymbol && row.receivedBy === request.receivedBy;

/**
 * Writes a hand-in the caller has checked (the rider holds that much): its ledger transaction and
 * its row, at `at` for history written afterwards (the demo seed), now otherwise. The row's id.
 */
export async function writeHandIn(
  tx: Tx,
  riderId: string,
  request: CashHandInRequest,
  recordedBy: string,
  at?: PostedAt,
): Promise<string> {
  const ledgerTransactionId = await postTransaction(tx, {
    kind: 'cash_handed_in',
    memo: request.reference,
    currencySymbol: request.currencySymbol,
    lines: [
      { account: 'cash_received', ownerId: null, amount: request.amount },
      { account: 'rider_cash', ownerId: riderId, amount: -request.amount },
    ],
    at,
  });
  if (!ledgerTransactionId) throw new Error('ledger: the cash hand-in posted nothing');
  return insertHandIn(tx, {
    riderId,
    currencySymbol: request.currencySymbol,
    amount: request.amount,
    reference: request.reference,
    receivedBy: request.receivedBy,
    recordedBy,
    ledgerTransactionId,
    ...(at ? { createdAt: at } : {}),
  });
}

export interface RecordedHandIn {
  handIn: CashHandInView;
  /** The same hand-in was recorded already (a second click, a retried request): nothing new was written. */
  replayed: boolean;
}

/**
 * Records a hand-in in one transaction. The rider's driver row is locked first, so two hand-ins
 * of one rider (and a hand-in and the rider accepting an order, which locks the same row) run one
 * after the other, each seeing what the other committed. Under that lock:
 * - the receipt's reference is the request's idempotency key, per rider: a hand-in with the same
 *   reference, amount, currency and receiver is already recorded, so it is answered again and
 *   nothing is written (two identical requests at once record once); the same reference with
 *   other details is refused (409), it names another receipt;
 * - more than the rider holds in that currency is refused (422);
 * - the ledger transaction and the row are written, and the rider's screens are told
 *   (driver:<id>), so their Available list may show cash orders again; back under the cash limit,
 *   they may be offered a cash order waiting near them, as when they come online (the
 *   `offer-rider` job, queued in the same transaction).
 */
export async function recordCashHandIn(
  { db, jobs }: { db: Db; jobs: Jobs },
  adminId: string,
  riderId: string,
  request: CashHandInRequest,
): Promise<RecordedHandIn> {
  const { row, replayed } = await transactionWithEvents(db, async (tx, raise) => {
    if (!(await lockRider(tx, riderId))) throw notFound(CASH_MESSAGES.notDriver);
    const recorded = await findHandInByReference(tx, riderId, request.reference);
    if (recorded) {
      if (sameHandIn(recorded, request)) return { row: recorded, replayed: true };
      throw conflict(CASH_MESSAGES.referenceTaken(request.reference));
    }
    const held = await readRiderCashIn(tx, riderId, request.currencySymbol);
    if (request.amount > held) throw unprocessable(CASH_MESSAGES.moreThanHeld(request.amount, held, request.currencySymbol));
    const id = await writeHandIn(tx, riderId, request, adminId);
    const written = await findHandIn(tx, id);
    if (!written) throw new Error('the cash hand-in just written is gone');
    await jobs.send(tx, 'offer-rider', { driverId: riderId });
    raise({ topic: topics.driver(riderId), type: 'driver.updated', driverId: riderId });
    return { row: written, replayed: false };
  });
  return { handIn: toView(row), replayed };
}

/** A page of the rider's hand-ins, newest first, with the cash they hold now; 404 for someone who is not a driver. */
export async function listCashHandIns(db: Queryable, riderId: string, query: PageQuery): Promise<CashHandInPage> {
  if (!(await riderExists(db, riderId))) throw notFound(CASH_MESSAGES.notDriver);
  const rows = await listHandInRows(db, riderId, query);
  const cash = await readRiderCash(db, riderId);
  return { ...toPage(rows, query.limit, toView), cash };
}

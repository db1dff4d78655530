import { CASH_MESSAGES } from '@shared/drivers/cash.js';
import type { Tx } from '../db/client.js';
import { unprocessable } from '../http/errors.js';
import { findCashOverLimit } from '../ledger/riderCash.js';

type OverLimitMessage = (held: number, limit: number, currencySymbol: string) => string;

/**
 * Refuses (422, saying how much they hold and the limit) a driver taking a cash order, or being
 * given one by support, while they hold more cash than its currency's cash limit (issue 22 item 4);
 * card orders, and currencies without a limit, are never refused. Asked in the move's transaction
 * once the driver's row is locked, so a hand-in recorded meanwhile (it locks the same row) is seen
 * whole or not at all. The message speaks to the driver unless told otherwise.
 */
export async function refuseOverCashLimit(
  tx: Tx,
  driverId: string,
  orderId: string,
  message: OverLimitMessage = CASH_MESSAGES.overLimit,
): Promise<void> {
  const over = await findCashOverLimit(tx, driverId, orderId);
  if (over) throw unprocessable(message(over.held, over.limit, over.currencySymbol));
}

import { timingSafeEqual } from 'node:crypto';
import { DRIVER_MESSAGES, MAX_CODE_ATTEMPTS } from '@shared/drivers/schemas.js';
import { ORDER_MESSAGES } from '@shared/orders/schemas.js';
import type { OrderMoved } from '@shared/orders/views.js';
import { topics } from '@shared/realtime/events.js';
import type { Db } from '../db/client.js';
import { conflict, forbidden, notFound, unprocessable } from '../http/errors.js';
import type { AuthUser } from '../core/identity.js';
import { findOrderParties, unlocksDeliveryCodes } from '../policy.js';
import { transactionWithEvents } from '../realtime/publish.js';
import { countWrongAttempts, lockCode, lockOrderCode, recordAttempt, unlockCode } from './deliveryCodeRepository.js';
import { moveOrder, type MoveDeps } from './moves.js';

/** Why the code did not deliver the order: it was wrong, or the order was already locked. */
class CodeRefused extends Error {
  constructor(readonly reason: 'wrong' | 'locked') {
    super(`delivery code refused: ${reason}`);
  }
}

/** Compares in constant time, so the time an answer takes tells nothing about how many digits were right. */
function sameCode(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

const lockedError = () => conflict(DRIVER_MESSAGES.codeLocked);

/**
 * Records a refused attempt in a transaction of its own (the move's was rolled back) and
 * answers the refusal. Under the order's row lock it checks the lock again, so of any number of
 * wrong attempts at once at most MAX_CODE_ATTEMPTS count as wrong: the one before the limit
 * says it was the last try, the one that reaches it locks the order and is refused as locked,
 * as every later one is, right or wrong.
 */
async function refuse(db: Db, driverId: string, orderId: string, reason: CodeRefused['reason']) {
  const answer = await db.transaction(async (tx) => {
    const order = await lockOrderCode(tx, orderId);
    if (!order) return 'gone';
    await recordAttempt(tx, orderId, driverId, false);
    if (order.locked || reason === 'locked') return 'locked';
    const wrong = await countWrongAttempts(tx, orderId);
    if (wrong < MAX_CODE_ATTEMPTS) return wrong === MAX_CODE_ATTEMPTS - 1 ? 'last try' : 'wrong';
    await lockCode(tx, orderId);
    return 'locked';
  });
  if (answer === 'gone') return notFound(ORDER_MESSAGES.notFound);
  if (answer === 'locked') return lockedError();
  return unprocessable(answer === 'last try' ? DRIVER_MESSAGES.invalidCodeLastTry : DRIVER_MESSAGES.invalidCode);
}

/**
 * Completes a delivery with the customer's code (POST /api/orders/:id/deliver): the move to
 * delivered (moveOrder: only the order's own driver, only from picked up) with the code as its
 * proof. Every attempt is recorded: the right one in the move's transaction, a refused one in
 * its own. A wrong code answers 422 'Please enter the correct delivery code from the customer';
 * the fifth wrong one since the last unlock also locks the order, which then refuses every code
 * with 409 until an admin unlocks it.
 */
export async function deliverWithCode(deps: MoveDeps, driver: AuthUser, orderId: string, code: string): Promise<OrderMoved> {
  try {
    return await moveOrder(deps, driver, orderId, 'delivered', async (tx, order) => {
      const stored = await lockOrderCode(tx, order.id);
      if (!stored) throw notFound(ORDER_MESSAGES.notFound);
      if (stored.locked) throw new CodeRefused('locked');
      if (!sameCode(stored.code, code)) throw new CodeRefused('wrong');
      await recordAttempt(tx, order.id, driver.userId, true);
    });
  } catch (error) {
    if (error instanceof CodeRefused) throw await refuse(deps.db, driver.userId, orderId, error.reason);
    throw error;
  }
}

/**
 * An admin unlocks a delivery code locked after too many wrong attempts (POST
 * /api/admin/orders/:id/unlock-code): the driver may try again, five more times; the attempts
 * so far stay recorded. The driver's dashboard hears of it. Unlocking an unlocked code changes
 * nothing.
 */
export async function unlockDeliveryCode(db: Db, admin: AuthUser, orderId: string): Promise<void> {
  if (!unlocksDeliveryCodes(admin)) throw forbidden();
  await transactionWithEvents(db, async (tx, raise) => {
    const unlocked = await unlockCode(tx, orderId);
    if (unlocked?.driverId) {
      const { driverId, status } = unlocked;
      raise({ topic: topics.driver(driverId), type: 'order.status', orderId, status, driverId });
    }
    if (!unlocked && !(await findOrderParties(tx, orderId))) throw notFound(ORDER_MESSAGES.notFound);
  });
}

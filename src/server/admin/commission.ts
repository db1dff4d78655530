import { bpsToPercent, percentToCommissionBps, type CommissionSettings } from '@shared/admin/commission.js';
import type { AuthUser } from '../core/identity.js';
import type { Db, Queryable } from '../db/client.js';
import { listRecentCommissionChanges, lockCommission, readCommission, writeCommissionChange } from './dashboardRepository.js';

/**
 * The commission rate new orders get. Checkout reads commission_settings in the statement that
 * writes the order and stores the rate and amounts on it (orders/checkout/writeOrder.ts), so a change
 * applies to orders placed after it commits; orders placed before keep their own.
 */

/** The current rate and the latest changes, newest first. */
export async function readCommissionSettings(db: Queryable): Promise<CommissionSettings> {
  const [current, changes] = await Promise.all([readCommission(db), listRecentCommissionChanges(db)]);
  return {
    percent: bpsToPercent(current.bps),
    updatedAt: current.updatedAt.toISOString(),
    recentChanges: changes.map((change) => ({
      id: change.id,
      oldPercent: bpsToPercent(change.oldBps),
      newPercent: bpsToPercent(change.newBps),
      changedBy: change.changedById ? { id: change.changedById, fullName: change.changedByName ?? '' } : null,
      changedAt: change.changedAt.toISOString(),
    })),
  };
}

/**
 * Sets the rate (a percentage the shared schema has checked: 0 to 100 in steps of 0.1) and
 * records the change, who made it and when, in the same transaction. The row is locked first, so
 * of two admins changing it at once each change records the rate the other left. Setting the rate
 * it already has changes nothing and records nothing.
 */
export async function changeCommission(db: Db, user: AuthUser, percent: number): Promise<CommissionSettings> {
  const newBps = percentToCommissionBps(percent);
  return db.transaction(async (tx) => {
    const oldBps = await lockCommission(tx);
    if (oldBps !== newBps) await writeCommissionChange(tx, { oldBps, newBps, changedBy: user.userId });
    return readCommissionSettings(tx);
  });
}

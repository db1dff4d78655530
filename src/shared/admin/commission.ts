import { z } from 'zod';
import { bpsToPercent } from '../money.js';

/**
 * The platform's commission rate (set on /admin/settings, decision 002): a percentage from 0 to 100
 * in steps of 0.1, stored as basis points (commission_settings.commission_bps) and snapshotted onto
 * every order at checkout, so a change applies to orders placed after it only.
 */

export const COMMISSION_LIMITS = { min: 0, max: 100, step: 0.1 } as const;

/** What the settings form shows before the current rate has loaded: the default rate of 10 %. */
export const DEFAULT_COMMISSION_PERCENT = 10;

/** How many of the latest changes the settings page shows. */
export const RECENT_COMMISSION_CHANGES = 5;

export const COMMISSION_MESSAGES = {
  notNumber: 'Enter the commission as a number from 0 to 100',
  range: 'The commission must be from 0 to 100%',
  step: 'The commission goes in steps of 0.1%, for example 12.5',
  loadFailed: 'Failed to load settings',
  updateFailed: 'Failed to update commission rate',
  updatedTitle: 'Success',
  updated: 'Commission rate updated successfully',
} as const;

/** Whether a percentage is a whole number of tenths (12.5 yes, 12.55 no), allowing for binary fractions such as 0.1 + 0.2. */
const inTenths = (percent: number) => Math.abs(percent * 10 - Math.round(percent * 10)) < 1e-9;

const commissionPercentSchema = z
  .number({ message: COMMISSION_MESSAGES.notNumber })
  .min(COMMISSION_LIMITS.min, COMMISSION_MESSAGES.range)
  .max(COMMISSION_LIMITS.max, COMMISSION_MESSAGES.range)
  .refine(inTenths, COMMISSION_MESSAGES.step);

/** PUT /api/admin/commission, and the settings form. */
export const commissionUpdateSchema = z.object({ percent: commissionPercentSchema });
export type CommissionUpdate = z.output<typeof commissionUpdateSchema>;

/** A valid percentage as basis points, exactly: 12.5 → 1250. */
export const percentToCommissionBps = (percent: number) => Math.round(percent * 10) * 10;
export { bpsToPercent };

const commissionChangeSchema = z.object({
  id: z.uuid(),
  oldPercent: z.number(),
  newPercent: z.number(),
  /** The admin who made it; null once their account is deleted. */
  changedBy: z.object({ id: z.uuid(), fullName: z.string() }).nullable(),
  changedAt: z.iso.datetime(),
});

/** GET and PUT /api/admin/commission: the rate new orders get, and the latest changes, newest first. */
export const commissionSettingsSchema = z.object({
  percent: z.number(),
  updatedAt: z.iso.datetime(),
  recentChanges: z.array(commissionChangeSchema).max(RECENT_COMMISSION_CHANGES),
});
export type CommissionSettings = z.infer<typeof commissionSettingsSchema>;

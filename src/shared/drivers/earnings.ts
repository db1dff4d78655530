import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../paging.js';

/**
 * A rider's earnings (the driver dashboard's Earnings view): what they earned today and this week,
 * what the platform owes them and the cash they hold, per currency, and their deliveries, newest
 * first. A delivery earns the rider's part of its delivery fee (the fee less the platform's share)
 * and the whole tip, counted when it was delivered (its order_delivered ledger transaction). Days
 * are UTC days and weeks start on Monday, as the sales pages count days.
 */

export const EARNINGS_MESSAGES = {
  loadFailed: 'Failed to load your earnings',
  empty: 'No deliveries yet',
  noEarnings: 'No earnings yet',
  emptyDetail: 'Your earnings show here once you complete a delivery.',
  notDriver: 'Only drivers have earnings and statements',
} as const;

/** Shown on the page, so nobody wonders when a day or a week starts. */
export const EARNINGS_COUNTING_NOTE = 'Days are counted in UTC; weeks start on Monday.';

const DAY_MS = 86_400_000;

/** The first instants of the UTC day and of the week (from Monday) that `now` falls in. */
export function earningsPeriods(now: Date): { dayStart: Date; weekStart: Date } {
  const dayStart = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const sinceMonday = (dayStart.getUTCDay() + 6) % 7;
  return { dayStart, weekStart: new Date(dayStart.getTime() - sinceMonday * DAY_MS) };
}

/** GET /api/drivers/me/earnings?cursor=&limit=: the cursor pages the deliveries; every page carries the totals. */
export const earningsQuerySchema = pageQuerySchema;
export type EarningsQuery = z.output<typeof earningsQuerySchema>;

const minor = z.number().int();

/** The figures of one currency. */
const earningsTotalsSchema = z.object({
  currencySymbol: z.string(),
  /** Earned by deliveries made today (UTC). */
  today: minor,
  todayDeliveries: z.number().int(),
  /** Earned since Monday (UTC). */
  week: minor,
  weekDeliveries: z.number().int(),
  /** What the platform owes the rider: the balance of their earnings account. */
  owed: minor,
  /** Cash of cash orders the rider collected and has not handed in. */
  cashHeld: minor,
});
export type EarningsTotals = z.infer<typeof earningsTotalsSchema>;

const deliveryEarningSchema = z.object({
  orderId: z.uuid(),
  shortId: z.string(),
  restaurantName: z.string(),
  currencySymbol: z.string(),
  deliveredAt: z.iso.datetime(),
  /** The rider's part of the delivery fee: the fee less the platform's share. */
  feePart: minor,
  tip: minor,
  /** feePart + tip. */
  earning: minor,
});
export type DeliveryEarning = z.infer<typeof deliveryEarningSchema>;

export const earningsSchema = z.object({
  /** The UTC day 'today' is, YYYY-MM-DD. */
  day: z.iso.date(),
  /** The Monday the week started, YYYY-MM-DD. */
  weekStart: z.iso.date(),
  /** One per currency the rider earned in this week or has a balance in; none before their first delivery. */
  totals: z.array(earningsTotalsSchema),
  deliveries: pageSchema(deliveryEarningSchema),
});
export type Earnings = z.infer<typeof earningsSchema>;

import { z } from 'zod';

/**
 * A restaurant's sales (its Sales page, for owners and managers): what 'sales' counts, over which
 * days, and the shape of the summary the manager page shows. Days are UTC calendar days:
 * restaurants keep no time zone.
 */

export const SALES_PERIODS = ['today', '7d', '30d', 'all'] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];

export const SALES_PERIOD_LABELS: Record<SalesPeriod, string> = {
  today: 'Today',
  '7d': '7 days',
  '30d': '30 days',
  all: 'All time',
};

/** How many UTC calendar days each period covers, today included; null for no limit. */
const PERIOD_DAYS: Record<SalesPeriod, number | null> = { today: 1, '7d': 7, '30d': 30, all: null };

const DAY_MS = 86_400_000;

/** The first instant of a period (UTC midnight), or null for all time. */
export function periodStart(period: SalesPeriod, now: Date): Date | null {
  const days = PERIOD_DAYS[period];
  if (days === null) return null;
  const midnight = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return new Date(midnight - (days - 1) * DAY_MS);
}

/** Shown on the page, so nobody wonders what the numbers mean. */
export const SALES_COUNTING_NOTE = 'Sales count every order that was not cancelled. Days are counted in UTC.';

export const SALES_MESSAGES = { loadFailed: 'Failed to load sales data' } as const;

export const salesPeriodSchema = z.enum(SALES_PERIODS, { message: `The period is one of ${SALES_PERIODS.join(', ')}` });

export const salesSummaryQuerySchema = z.object({ period: salesPeriodSchema.default('all') });
export type SalesSummaryQuery = z.output<typeof salesSummaryQuerySchema>;

const minor = z.number().int();

const salesDaySchema = z.object({
  /** The UTC day, YYYY-MM-DD. */
  day: z.iso.date(),
  sales: minor,
  orders: z.number().int(),
});
export type SalesDay = z.infer<typeof salesDaySchema>;

/** The sales cards and chart: sums of the amounts each order stored when it was placed. */
export const salesSummarySchema = z.object({
  restaurantId: z.uuid(),
  restaurantName: z.string(),
  currencySymbol: z.string(),
  period: salesPeriodSchema,
  /** The period's first instant; null for all time. */
  from: z.iso.datetime().nullable(),
  /** Totals of the orders not cancelled. */
  totalSales: minor,
  commission: minor,
  payout: minor,
  /** Orders neither delivered nor cancelled. */
  pendingCount: z.number().int(),
  /** Delivered orders. */
  completedCount: z.number().int(),
  /** Sales per UTC day, oldest first; days without orders are absent. */
  days: z.array(salesDaySchema),
});
export type SalesSummary = z.infer<typeof salesSummarySchema>;

/** The restaurants whose sales this user sees as their own work: an owner's one, a manager's several. */
const managedRestaurantSchema = z.object({ id: z.uuid(), name: z.string(), currencySymbol: z.string() });
export type ManagedRestaurant = z.infer<typeof managedRestaurantSchema>;
export const managedRestaurantListSchema = z.array(managedRestaurantSchema);

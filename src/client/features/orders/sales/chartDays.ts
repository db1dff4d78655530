import type { SalesDay, SalesSummary } from '@shared/orders/sales.js';
import { fillDays } from '@/components/charts/chartDays.js';

/**
 * Every UTC day of the summary's period, oldest first, days without sales as zero: from the
 * period's start (or the first day with orders, for all time) to today.
 */
export function chartDays(summary: Pick<SalesSummary, 'from' | 'days'>, now: Date): SalesDay[] {
  return fillDays(summary.from ?? summary.days[0]?.day, summary.days, now, (day) => ({ day, sales: 0, orders: 0 }));
}

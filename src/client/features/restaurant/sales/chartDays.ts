import type { SalesDay, SalesSummary } from '@shared/orders/sales.js';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Every UTC day of the summary's period, oldest first, days without sales as zero: from the
 * period's start (or the first day with orders, for all time) to today.
 */
export function chartDays(summary: Pick<SalesSummary, 'from' | 'days'>, now: Date): SalesDay[] {
  const first = summary.from ?? summary.days[0]?.day;
  if (!first) return [];
  const known = new Map(summary.days.map((day) => [day.day, day]));
  const end = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const days: SalesDay[] = [];
  for (let ms = Date.parse(first.slice(0, 10)); ms <= end; ms += DAY_MS) {
    const day = isoDay(ms);
    days.push(known.get(day) ?? { day, sales: 0, orders: 0 });
  }
  return days;
}

const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** '23 Nov' for the UTC day '2026-11-23'. */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

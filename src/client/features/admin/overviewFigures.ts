import type { AdminOverview, TableCount } from '@shared/admin/overview.js';
import { fillDays } from '@/components/charts/chartDays.js';

/** Orders (not cancelled) per UTC day over the chart's days, every currency together: counts add up, money does not. */
export function ordersPerDay(overview: Pick<AdminOverview, 'from' | 'days'>, now: Date) {
  const byDay = new Map<string, number>();
  for (const day of overview.days) byDay.set(day.day, (byDay.get(day.day) ?? 0) + day.orders);
  const known = [...byDay].map(([day, orders]) => ({ day, orders }));
  return fillDays(overview.from, known, now, (day) => ({ day, orders: 0 }));
}

/** One currency's revenue and orders per UTC day over the chart's days. */
export function revenuePerDay(overview: Pick<AdminOverview, 'from' | 'days'>, currencySymbol: string, now: Date) {
  const known = overview.days
    .filter((day) => day.currencySymbol === currencySymbol)
    .map(({ day, orders, revenue }) => ({ day, orders, revenue }));
  return fillDays(overview.from, known, now, (day) => ({ day, orders: 0, revenue: 0 }));
}

/** The currencies with orders in the chart's days, the one with most orders there first. */
export function chartCurrencies(overview: Pick<AdminOverview, 'days'>): string[] {
  const orders = new Map<string, number>();
  for (const day of overview.days) orders.set(day.currencySymbol, (orders.get(day.currencySymbol) ?? 0) + day.orders);
  return [...orders].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([symbol]) => symbol);
}

const wholeNumber = new Intl.NumberFormat('en-US');
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** '1,234' when counted; 'about 1.2M' when the database estimated it. */
export const formatCount = ({ count, approximate }: TableCount) =>
  approximate ? `about ${compact.format(count)}` : wholeNumber.format(count);

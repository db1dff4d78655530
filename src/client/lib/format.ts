export { formatMoney } from '@shared/money.js';

/** A latitude or longitude with a fixed number of decimals: 6 on the driver card, 4 in admin lists and the heat map. */
export const formatCoordinate = (value: number, decimals: 4 | 6) => value.toFixed(decimals);

/**
 * A distance as people say it: '40 m' and '850 m' to the nearest 10 m, '1.2 km' and '12.5 km'
 * beyond. The number and its unit are joined by a no-break space, so a line never splits them.
 */
export function formatDistance(meters: number): string {
  const tens = Math.round(meters / 10) * 10;
  return tens < 1000 ? `${tens}\u00a0m` : `${(meters / 1000).toFixed(1)}\u00a0km`;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const clockFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', second: '2-digit' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const toDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

/** '3 Jan 2026' in the reader's locale. */
export const formatDate = (value: string | number | Date) => dateFormat.format(toDate(value));
/** '14:05' or '2:05 PM' in the reader's locale. */
export const formatTime = (value: string | number | Date) => timeFormat.format(toDate(value));
/** '14:05:09' or '2:05:09 PM': for things that change by the second, such as a driver's last position. */
export const formatClockTime = (value: string | number | Date) => clockFormat.format(toDate(value));
/** 'Jan 3, 2026, 2:05 PM' in the reader's locale. */
export const formatDateTime = (value: string | number | Date) => dateTimeFormat.format(toDate(value));

/** '12.5%': a percentage without needless trailing zeros. */
export const formatPercent = (percent: number) => `${Number(percent.toFixed(2))}%`;

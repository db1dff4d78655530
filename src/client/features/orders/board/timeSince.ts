import { countOf } from '@shared/plural.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago an order was placed, as a cook reads it at a glance: 'just now', '12 min ago', '1 h 5 min ago', '2 days ago'. */
export function timeSince(placedAt: string, now: number): string {
  const elapsed = Math.max(0, now - Date.parse(placedAt));
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) {
    const minutes = Math.floor((elapsed % HOUR) / MINUTE);
    return `${Math.floor(elapsed / HOUR)} h${minutes ? ` ${minutes} min` : ''} ago`;
  }
  const days = Math.floor(elapsed / DAY);
  return `${countOf(days, 'day')} ago`;
}

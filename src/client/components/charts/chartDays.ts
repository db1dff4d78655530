const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Every UTC day from `first` (a day or an instant; its UTC day is taken) to today, oldest first:
 * the known days as given, the others made by `empty`. No first day, no days.
 */
export function fillDays<T extends { day: string }>(
  first: string | null | undefined,
  known: readonly T[],
  now: Date,
  empty: (day: string) => T,
): T[] {
  if (!first) return [];
  const byDay = new Map(known.map((day) => [day.day, day]));
  const end = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const days: T[] = [];
  for (let ms = Date.parse(first.slice(0, 10)); ms <= end; ms += DAY_MS) {
    const day = isoDay(ms);
    days.push(byDay.get(day) ?? empty(day));
  }
  return days;
}

const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** '23 Nov' for the UTC day '2026-11-23'. */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

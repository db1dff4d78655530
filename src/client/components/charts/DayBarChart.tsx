import { useId, type ReactNode } from 'react';
import { formatDay } from './chartDays.js';

const HEIGHT = 160;

interface DayColumn<T> {
  /** The table's column heading, e.g. 'Orders'. */
  label: string;
  cell: (day: T) => string;
}

interface DayBarChartProps<T extends { day: string }> {
  /** What the bars show, e.g. 'Sales per day': the caption adds the first and last day. */
  caption: string;
  /** Every day to draw, oldest first (fillDays makes the missing ones). */
  days: readonly T[];
  /** A bar's height: a count or an amount in minor units. */
  value: (day: T) => number;
  /** A value as people read it, for the axis and the description. */
  format: (value: number) => string;
  /** A bar's tooltip after its day, e.g. 'GH₵12.00, 3 orders'. */
  describe: (day: T) => string;
  /** The table's columns after the day; its rows are the days with a value. */
  columns: readonly DayColumn<T>[];
  /** Shown instead of the chart when no day has a value. */
  empty: ReactNode;
}

/**
 * Bars per UTC day drawn in SVG, with the same figures as a table for screen readers and anyone
 * who wants numbers: the restaurant's sales and the admin overview's orders and revenue.
 */
export function DayBarChart<T extends { day: string }>({
  caption,
  days,
  value,
  format,
  describe,
  columns,
  empty,
}: DayBarChartProps<T>) {
  const captionId = useId();
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last || days.every((day) => value(day) === 0)) {
    return <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">{empty}</p>;
  }
  const highest = Math.max(...days.map(value), 1);
  const slot = 100 / days.length;
  const best = days.reduce((top, day) => (value(day) > value(top) ? day : top), first);

  return (
    <figure aria-labelledby={captionId} className="grid min-w-0 gap-2 rounded-xl border bg-card p-4">
      <figcaption id={captionId} className="text-sm font-medium">
        {caption}, {formatDay(first.day)} to {formatDay(last.day)}
      </figcaption>
      <div className="flex gap-2">
        <div className="flex w-max flex-col justify-between text-xs text-muted-foreground tabular-nums" aria-hidden>
          <span>{format(highest === 1 && value(best) < 1 ? 0 : highest)}</span>
          <span>{format(0)}</span>
        </div>
        <svg
          role="img"
          aria-label={`Bar chart of ${days.length} days; the best day was ${formatDay(best.day)} with ${format(value(best))}`}
          viewBox={`0 0 100 ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-40 w-full min-w-0 border-b border-l"
        >
          {days.map((day, index) => {
            const height = (value(day) / highest) * (HEIGHT - 4);
            return (
              <rect
                key={day.day}
                x={index * slot + slot * 0.15}
                y={HEIGHT - height}
                width={slot * 0.7}
                height={height}
                className="fill-primary"
              >
                <title>{`${formatDay(day.day)}: ${describe(day)}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      <div className="flex justify-between pl-2 text-xs text-muted-foreground" aria-hidden>
        <span>{formatDay(first.day)}</span>
        <span>{formatDay(last.day)}</span>
      </div>
      <details className="text-sm">
        <summary className="flex min-h-11 cursor-pointer items-center text-primary">Show as a table</summary>
        <table className="w-full text-left tabular-nums">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b text-muted-foreground">
              <th scope="col" className="py-1 font-medium">
                Day (UTC)
              </th>
              {columns.map((column) => (
                <th key={column.label} scope="col" className="py-1 text-right font-medium">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days
              .filter((day) => value(day) > 0)
              .map((day) => (
                <tr key={day.day} className="border-b last:border-0">
                  <th scope="row" className="py-1 font-normal">
                    {formatDay(day.day)}
                  </th>
                  {columns.map((column) => (
                    <td key={column.label} className="py-1 text-right">
                      {column.cell(day)}
                    </td>
                  ))}
                </tr>
              ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

import { useId } from 'react';
import type { SalesSummary } from '@shared/orders/sales.js';
import { formatMoney } from '@/lib/format.js';
import { chartDays, formatDay } from './chartDays.js';

const HEIGHT = 160;

/** Sales per UTC day as bars drawn in SVG, with the same figures as a table for screen readers and anyone who wants numbers. */
export function SalesChart({ summary }: { summary: SalesSummary }) {
  const captionId = useId();
  const days = chartDays(summary, new Date());
  const money = (minor: number) => formatMoney(minor, summary.currencySymbol);
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last || summary.days.length === 0) {
    return (
      <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
        No sales in this period yet.
      </p>
    );
  }
  const highest = Math.max(...days.map((day) => day.sales), 1);
  const slot = 100 / days.length;
  const best = days.reduce((top, day) => (day.sales > top.sales ? day : top), first);

  return (
    <figure aria-labelledby={captionId} className="grid gap-2 rounded-xl border bg-card p-4">
      <figcaption id={captionId} className="text-sm font-medium">
        Sales per day, {formatDay(first.day)} to {formatDay(last.day)}
      </figcaption>
      <div className="flex gap-2">
        <div className="flex w-max flex-col justify-between text-xs text-muted-foreground tabular-nums" aria-hidden>
          <span>{money(highest === 1 ? 0 : highest)}</span>
          <span>{money(0)}</span>
        </div>
        <svg
          role="img"
          aria-label={`Bar chart of ${days.length} days; the best day was ${formatDay(best.day)} with ${money(best.sales)}`}
          viewBox={`0 0 100 ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-40 w-full border-b border-l"
        >
          {days.map((day, index) => {
            const height = (day.sales / highest) * (HEIGHT - 4);
            return (
              <rect
                key={day.day}
                x={index * slot + slot * 0.15}
                y={HEIGHT - height}
                width={slot * 0.7}
                height={height}
                className="fill-primary"
              >
                <title>{`${formatDay(day.day)}: ${money(day.sales)}, ${day.orders} orders`}</title>
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
          <caption className="sr-only">Sales per day</caption>
          <thead>
            <tr className="border-b text-muted-foreground">
              <th scope="col" className="py-1 font-medium">
                Day (UTC)
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Orders
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Sales
              </th>
            </tr>
          </thead>
          <tbody>
            {days
              .filter((day) => day.orders > 0)
              .map((day) => (
                <tr key={day.day} className="border-b last:border-0">
                  <th scope="row" className="py-1 font-normal">
                    {formatDay(day.day)}
                  </th>
                  <td className="py-1 text-right">{day.orders}</td>
                  <td className="py-1 text-right">{money(day.sales)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

import type { SalesSummary } from '@shared/orders/sales.js';
import { DayBarChart } from '@/components/charts/DayBarChart.js';
import { formatMoney } from '@/lib/format.js';
import { chartDays } from './chartDays.js';

/** A restaurant's sales per UTC day over the period, as bars and as a table. */
export function SalesChart({ summary }: { summary: SalesSummary }) {
  const money = (minor: number) => formatMoney(minor, summary.currencySymbol);
  return (
    <DayBarChart
      caption="Sales per day"
      days={chartDays(summary, new Date())}
      value={(day) => day.sales}
      format={money}
      describe={(day) => `${money(day.sales)}, ${day.orders} orders`}
      columns={[
        { label: 'Orders', cell: (day) => String(day.orders) },
        { label: 'Sales', cell: (day) => money(day.sales) },
      ]}
      empty="No sales in this period yet."
    />
  );
}

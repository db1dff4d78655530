import type { LucideIcon } from 'lucide-react';
import { Divide, MapPin, ShoppingBag } from 'lucide-react';
import { heatmapTotals, type Heatmap } from '@shared/admin/heatmap.js';

function StatCard({ label, value, icon: Icon }: { label: string; value: string; icon: LucideIcon }) {
  return (
    <div className="grid gap-1 rounded-xl border bg-card p-4">
      <dt className="flex items-center gap-2 text-sm text-muted-foreground">
        <Icon aria-hidden className="size-4" />
        {label}
      </dt>
      <dd className="text-xl font-semibold tabular-nums sm:text-2xl">{value}</dd>
    </div>
  );
}

/** The heat map's three cards: places, orders, and orders per place to one decimal. */
export function HeatmapCards({ heatmap }: { heatmap: Heatmap }) {
  const totals = heatmapTotals(heatmap);
  return (
    <dl aria-label="Heat map totals" className="grid gap-3 sm:grid-cols-3">
      <StatCard label="Delivery Locations" value={totals.locations.toLocaleString()} icon={MapPin} />
      <StatCard label="Total Orders" value={totals.orders.toLocaleString()} icon={ShoppingBag} />
      <StatCard label="Avg Orders/Location" value={totals.averagePerLocation} icon={Divide} />
    </dl>
  );
}

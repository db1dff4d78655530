import { HEATMAP_MESSAGES, ordersLabel, placeLabel, topAreas, type HeatmapLocation } from '@shared/admin/heatmap.js';

/** 'Top Delivery Areas': the five busiest places, named or by coordinates, with their orders. */
export function TopAreas({ locations }: { locations: readonly HeatmapLocation[] }) {
  return (
    <section aria-labelledby="top-areas-heading" className="grid gap-3 rounded-xl border bg-card p-4">
      <h3 id="top-areas-heading" className="font-semibold">
        {HEATMAP_MESSAGES.topAreas}
      </h3>
      <ol className="grid gap-2">
        {topAreas(locations).map((location, index) => (
          <li key={`${location.lat},${location.lng}`} className="flex items-center justify-between gap-3 text-sm">
            <span className="flex min-w-0 items-center gap-3">
              <span
                aria-hidden
                className="grid size-7 shrink-0 place-items-center rounded-full bg-red-600 text-xs font-semibold text-white"
              >
                {index + 1}
              </span>
              <span className="[overflow-wrap:anywhere]">{placeLabel(location)}</span>
            </span>
            <span className="shrink-0 font-medium tabular-nums">{ordersLabel(location.orderCount)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** What stands in for a map while Leaflet loads, at the map's own size so nothing jumps. */
export function MapLoading() {
  return (
    <div role="status" className="grid h-64 place-items-center rounded-lg border bg-muted text-sm text-muted-foreground sm:h-72">
      Loading map...
    </div>
  );
}

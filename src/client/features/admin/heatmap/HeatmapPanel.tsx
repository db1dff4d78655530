import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MapPinOff } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import {
  HEATMAP_MESSAGES,
  HEATMAP_PERIOD_LABELS,
  HEATMAP_PERIODS,
  trackedLocationsLine,
  type HeatmapPeriod,
} from '@shared/admin/heatmap.js';
import { Button } from '@/components/ui/button.js';
import { EmptyState } from '@/components/ui/empty-state.js';
import { SegmentedRadio } from '@/components/ui/segmented-radio.js';
import { PageSpinner, Spinner } from '@/components/ui/spinner.js';
import { publicConfigQuery } from '@/lib/configApi.js';
import { HeatmapCards } from './HeatmapCards.js';
import { useAllOrderEvents } from '../useAllOrderEvents.js';
import { HEATMAP_KEY, heatmapQuery } from './heatmapApi.js';
import { TopAreas } from './TopAreas.js';

const HeatMap = lazy(() => import('./HeatMap.js'));

function MapLoading() {
  return (
    <div role="status" className="grid h-[500px] place-items-center rounded-xl border bg-muted text-sm text-muted-foreground">
      Loading map...
    </div>
  );
}

/** The 'Order Heat Map' tab: where orders go, over the chosen period. */
export function HeatmapPanel({
  period,
  onPeriodChange,
}: {
  period: HeatmapPeriod;
  onPeriodChange: (period: HeatmapPeriod) => void;
}) {
  const heatmap = useQuery({ ...heatmapQuery(period), placeholderData: keepPreviousData });
  useAllOrderEvents(HEATMAP_KEY);
  const config = useQuery(publicConfigQuery());

  // A failure is logged, the spinner ends and the empty state is shown.
  useEffect(() => {
    if (heatmap.error) console.error(HEATMAP_MESSAGES.loadFailed, heatmap.error);
  }, [heatmap.error]);

  if (heatmap.isPending) return <PageSpinner label="Loading heat map" />;

  const data = heatmap.data;
  const empty = !data || data.locations.length === 0;
  return (
    <section aria-labelledby="heatmap-heading" className="grid gap-5">
      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h2 id="heatmap-heading" className="flex items-center gap-2 text-xl font-semibold">
            {HEATMAP_MESSAGES.title}
            {heatmap.isPlaceholderData && <Spinner label="Updating" className="text-primary" />}
          </h2>
          <p className="text-sm text-muted-foreground">{data ? trackedLocationsLine(data) : 'Tracking 0 delivery locations'}</p>
        </div>
        <SegmentedRadio
          label="Orders placed in"
          options={HEATMAP_PERIODS}
          labels={HEATMAP_PERIOD_LABELS}
          value={period}
          onChange={onPeriodChange}
        />
      </div>
      {data && <HeatmapCards heatmap={data} />}
      {empty ? (
        <EmptyState
          icon={MapPinOff}
          title={HEATMAP_MESSAGES.empty}
          action={
            heatmap.isError && (
              <Button variant="outline" busy={heatmap.isFetching} onClick={() => void heatmap.refetch()}>
                Try again
              </Button>
            )
          }
        />
      ) : (
        <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          {config.isPending ? (
            <MapLoading />
          ) : (
            <Suspense fallback={<MapLoading />}>
              <HeatMap locations={data.locations} tileUrl={config.data?.tileUrl ?? ''} />
            </Suspense>
          )}
          <TopAreas locations={data.locations} />
        </div>
      )}
    </section>
  );
}

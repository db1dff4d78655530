import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { toast } from 'sonner';
import { OPERATIONS_MESSAGES } from '@shared/admin/operations.js';
import { shortOrderId } from '@shared/orders/schemas.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { LoadFailed } from '@/components/ui/empty-state.js';
import { PageSpinner } from '@/components/ui/spinner.js';
import { publicConfigQuery } from '@/lib/configApi.js';
import { operationsQuery } from './operationsApi.js';
import { RidersOnline } from './RidersOnline.js';
import { useOperationsEvents } from './useOperationsEvents.js';
import { WaitingOrders } from './WaitingOrders.js';

const OperationsMap = lazy(() => import('./OperationsMap.js'));

function MapLoading() {
  return (
    <div
      role="status"
      className="grid h-[320px] place-items-center rounded-xl border bg-muted text-sm text-muted-foreground sm:h-[420px]"
    >
      Loading map...
    </div>
  );
}

const LEGEND = [
  { label: 'Order waiting', className: 'bg-amber-600' },
  { label: 'Rider free', className: 'bg-blue-600' },
  { label: 'Rider carrying', className: 'bg-green-600' },
] as const;

/**
 * /admin/operations (decision 031): a map and lists of the ready orders no rider has yet (with how
 * long each has waited) and of the riders online (with the age of their position and what they
 * carry), live through orders:all and operations. An admin assigns or reassigns an order, or takes
 * it back; an order no rider took is announced as it happens and marked 'No rider'. On a phone
 * the lists stack under the map.
 */
export default function OperationsPage() {
  const operations = useQuery(operationsQuery());
  const config = useQuery(publicConfigQuery());
  const [alerted, setAlerted] = useState<ReadonlySet<string>>(new Set());
  useOperationsEvents((orderId) => {
    setAlerted((before) => new Set(before).add(orderId));
    toast.warning(OPERATIONS_MESSAGES.noRiderAlert, {
      id: `no-rider-${orderId}`,
      description: OPERATIONS_MESSAGES.noRiderAlertDescription(shortOrderId(orderId)),
    });
  });

  const view = operations.data;
  // Ages are counted on the server's clock: how far this device's clock is from it, as of the last read.
  const offsetMs = view ? Date.parse(view.serverTime) - operations.dataUpdatedAt : 0;

  return (
    <div className="grid gap-6">
      <PageTitle>{OPERATIONS_MESSAGES.title}</PageTitle>
      {operations.isPending ? (
        <PageSpinner label="Loading operations" />
      ) : !view ? (
        <LoadFailed
          title={OPERATIONS_MESSAGES.loadFailed}
          retrying={operations.isFetching}
          onRetry={() => void operations.refetch()}
        />
      ) : (
        <>
          <div className="grid gap-2">
            {config.isPending ? (
              <MapLoading />
            ) : (
              <Suspense fallback={<MapLoading />}>
                <OperationsMap view={view} tileUrl={config.data?.tileUrl ?? ''} />
              </Suspense>
            )}
            <ul aria-label="Map legend" className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
              {LEGEND.map((entry) => (
                <li key={entry.label} className="flex items-center gap-1.5">
                  <span aria-hidden className={`size-3 rounded-full ${entry.className}`} />
                  {entry.label}
                </li>
              ))}
            </ul>
          </div>
          <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
            <WaitingOrders view={view} offsetMs={offsetMs} alerted={alerted} />
            <RidersOnline view={view} offsetMs={offsetMs} />
          </div>
        </>
      )}
    </div>
  );
}

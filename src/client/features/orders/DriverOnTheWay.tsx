import { useQuery } from '@tanstack/react-query';
import { Bike, Car } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { VEHICLE_TYPE_LABELS } from '@shared/auth/schemas.js';
import type { OrderDriver } from '@shared/drivers/schemas.js';
import type { OrderView } from '@shared/orders/schemas.js';
import { publicConfigQuery } from '@/lib/configApi.js';
import { MapLoading } from '@/components/maps/MapLoading.js';
import type { MapPoint } from '@/components/maps/PointsMap.js';
import { formatTime } from '@/lib/format.js';
import { deliveryPositionOf, driverPositionOf, whereabouts } from './whereabouts.js';

const PointsMap = lazy(() => import('@/components/maps/PointsMap.js'));

const VEHICLE_ICONS = { bike: Bike, car: Car } as const;

/** The driver's pin is blue, the customer's own green: neither is the app's orange of a pin being placed. */
const COLOURS = { driver: '#1d4e89', delivery: '#1f7a3e' } as const;

/** The driver and, when the customer pinned it, the delivery point; no map before the driver's first position. */
function mapOf(order: OrderView, driver: OrderDriver): { points: MapPoint[]; label: string } | null {
  const driverAt = driverPositionOf(driver);
  if (!driverAt) return null;
  const deliveryAt = deliveryPositionOf(order);
  const points: MapPoint[] = [{ id: 'driver', label: `${driver.firstName}, your driver`, colour: COLOURS.driver, ...driverAt }];
  if (!deliveryAt) return { points, label: `Map of where ${driver.firstName} is` };
  points.push({ id: 'delivery', label: 'Your delivery point', colour: COLOURS.delivery, ...deliveryAt });
  return { points, label: `Map of ${driver.firstName} and your delivery point` };
}

/**
 * Who is bringing the order and where they are, while it is accepted or picked up: name,
 * vehicle and plate to recognise them at the door, and a small map that follows their position
 * (driver.location events update the cached order; see driverPosition.ts).
 */
export function DriverOnTheWay({ order, driver }: { order: OrderView; driver: OrderDriver }) {
  const config = useQuery(publicConfigQuery());
  const VehicleIcon = VEHICLE_ICONS[driver.vehicleType];
  const map = mapOf(order, driver);
  const headingId = `driver-${order.id}`;

  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border p-3">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-accent">
          <VehicleIcon aria-hidden className="size-5 text-primary" />
        </span>
        <div className="grid min-w-0 gap-1">
          <h3 id={headingId} className="break-words">
            <span className="block text-xs font-medium text-muted-foreground">Your driver</span>{' '}
            <span className="font-semibold">{driver.firstName}</span>
          </h3>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            <span className="break-words">
              {VEHICLE_TYPE_LABELS[driver.vehicleType]} · {driver.vehicleModel}
            </span>
            <span className="rounded-md border bg-muted px-1.5 py-0.5 font-mono font-semibold tracking-wide text-foreground">
              <span className="sr-only">Plate number </span>
              {driver.plateNumber}
            </span>
          </p>
        </div>
      </div>
      <p className="text-sm">
        {whereabouts(order, driver)}
        {driver.lastLocationUpdate && (
          <span className="text-muted-foreground">
            {' '}
            Updated <time dateTime={driver.lastLocationUpdate}>{formatTime(driver.lastLocationUpdate)}</time>.
          </span>
        )}
      </p>
      {map &&
        (config.isPending ? (
          <MapLoading />
        ) : (
          <Suspense fallback={<MapLoading />}>
            <PointsMap points={map.points} label={map.label} tileUrl={config.data?.tileUrl ?? ''} />
          </Suspense>
        ))}
    </section>
  );
}

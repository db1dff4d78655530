import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import type { DeliveryView } from '@shared/orders/views.js';
import { publicConfigQuery } from '@/lib/configApi.js';
import type { LatLng } from '@/components/maps/geolocation.js';
import { MapLoading } from '@/components/maps/MapLoading.js';
import { routePoints } from './routePoints.js';

const PointsMap = lazy(() => import('@/components/maps/PointsMap.js'));

/** The driver, and the restaurants and customers of what they carry, on a map loaded only when shown. */
export function DriverMap({ driver, deliveries }: { driver: LatLng | null; deliveries: readonly DeliveryView[] }) {
  const config = useQuery(publicConfigQuery());
  const latitude = driver?.latitude;
  const longitude = driver?.longitude;
  const points = useMemo(
    () => routePoints(latitude !== undefined && longitude !== undefined ? { latitude, longitude } : null, deliveries),
    [latitude, longitude, deliveries],
  );

  if (config.isPending) return <MapLoading />;
  return (
    <Suspense fallback={<MapLoading />}>
      <PointsMap points={points} tileUrl={config.data?.tileUrl ?? ''} label="Route map" />
    </Suspense>
  );
}

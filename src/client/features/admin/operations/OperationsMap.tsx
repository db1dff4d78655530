import 'leaflet/dist/leaflet.css';
import { latLngBounds } from 'leaflet';
import { useEffect } from 'react';
import { CircleMarker, MapContainer, Popup, useMap } from 'react-leaflet';
import type { Operations } from '@shared/admin/operations.js';
import { HEATMAP_FALLBACK_CENTER, HEATMAP_MAX_FIT_ZOOM, HEATMAP_ZOOM } from '@shared/admin/heatmap.js';
import { MapTiles } from '@/components/maps/MapTiles.js';

interface Point {
  key: string;
  lat: number;
  lng: number;
}

/** Tailwind's amber-600, blue-600 and green-600, as the legend under the map shows them (OperationsPage). */
const MARKER_COLOURS = { waiting: '#d97706', free: '#2563eb', carrying: '#16a34a' } as const;

/**
 * Fits the map to every point when who is on it changes (an order waiting, a rider coming online),
 * not when a rider moves: the map must not jump under the dispatcher's eyes every few seconds.
 */
function FitPoints({ points }: { points: readonly Point[] }) {
  const map = useMap();
  const keys = points
    .map((point) => point.key)
    .sort()
    .join(';');
  useEffect(() => {
    const [first, ...others] = points;
    if (!first || others.length === 0) {
      map.setView(first ? [first.lat, first.lng] : [HEATMAP_FALLBACK_CENTER.lat, HEATMAP_FALLBACK_CENTER.lng], HEATMAP_ZOOM);
      return;
    }
    map.fitBounds(latLngBounds(points.map((point) => [point.lat, point.lng])), {
      padding: [24, 24],
      maxZoom: HEATMAP_MAX_FIT_ZOOM,
    });
    // Refit when the points' owners change, not on every position.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, keys]);
  return null;
}

/**
 * Waiting orders (amber, at their restaurant) and riders online (blue when free, green when
 * carrying), each with a popup naming them; the lists beside the map say the same for screen
 * readers and keyboards. Loaded lazily with Leaflet.
 */
export default function OperationsMap({ view, tileUrl }: { view: Operations; tileUrl: string }) {
  const orders = view.waiting.flatMap((order) =>
    order.restaurantLatitude === null || order.restaurantLongitude === null
      ? []
      : [{ order, key: `order:${order.id}`, lat: order.restaurantLatitude, lng: order.restaurantLongitude }],
  );
  const riders = view.riders.flatMap((rider) =>
    rider.latitude === null || rider.longitude === null
      ? []
      : [{ rider, key: `rider:${rider.id}`, lat: rider.latitude, lng: rider.longitude }],
  );
  return (
    <div className="isolate overflow-hidden rounded-xl border">
      <MapContainer
        center={[HEATMAP_FALLBACK_CENTER.lat, HEATMAP_FALLBACK_CENTER.lng]}
        zoom={HEATMAP_ZOOM}
        scrollWheelZoom
        className="h-[320px] w-full bg-muted sm:h-[420px]"
        aria-label="Map of orders waiting for a rider and riders online"
      >
        <MapTiles tileUrl={tileUrl} />
        <FitPoints points={[...orders, ...riders]} />
        {orders.map(({ order, key, lat, lng }) => (
          <CircleMarker
            key={key}
            center={[lat, lng]}
            radius={9}
            pathOptions={{ color: MARKER_COLOURS.waiting, fillColor: MARKER_COLOURS.waiting, fillOpacity: 0.7 }}
          >
            <Popup>
              <strong>Order {order.shortId}</strong> waits at {order.restaurantName}
            </Popup>
          </CircleMarker>
        ))}
        {riders.map(({ rider, key, lat, lng }) => {
          const colour = rider.carrying.length > 0 ? MARKER_COLOURS.carrying : MARKER_COLOURS.free;
          return (
            <CircleMarker
              key={key}
              center={[lat, lng]}
              radius={7}
              pathOptions={{ color: colour, fillColor: colour, fillOpacity: 0.8 }}
            >
              <Popup>
                <strong>{rider.fullName}</strong>
                {rider.carrying.length > 0 && <> carries {rider.carrying.map((order) => order.shortId).join(', ')}</>}
              </Popup>
            </CircleMarker>
          );
        })}
      </MapContainer>
    </div>
  );
}

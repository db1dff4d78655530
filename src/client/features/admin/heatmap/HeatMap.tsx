import 'leaflet/dist/leaflet.css';
import { latLngBounds } from 'leaflet';
import { useEffect } from 'react';
import { CircleMarker, MapContainer, Popup, useMap } from 'react-leaflet';
import {
  circleStyle,
  HEATMAP_DECIMALS,
  fitPadding,
  HEATMAP_FALLBACK_CENTER,
  HEATMAP_MAX_FIT_ZOOM,
  HEATMAP_ZOOM,
  ordersLabel,
  type HeatmapLocation,
} from '@shared/admin/heatmap.js';
import { MapTiles } from '@/components/maps/MapTiles.js';

/**
 * Shows every place: the map fits the circles' bounds, with room for the largest circle at the
 * edges, and again when they change (another period chosen); the map is not rebuilt. One place
 * (or none) is shown at the usual zoom.
 */
function FitCircles({ locations }: { locations: readonly HeatmapLocation[] }) {
  const map = useMap();
  const places = locations.map((location) => `${location.lat},${location.lng},${location.intensity}`).join(';');
  useEffect(() => {
    const [first, ...others] = locations;
    if (!first || others.length === 0) {
      const centre = first ?? HEATMAP_FALLBACK_CENTER;
      map.setView([centre.lat, centre.lng], HEATMAP_ZOOM);
      return;
    }
    const padding = fitPadding(locations);
    const bounds = latLngBounds(locations.map((location) => [location.lat, location.lng]));
    map.fitBounds(bounds, { padding: [padding, padding], maxZoom: HEATMAP_MAX_FIT_ZOOM });
    // Refit when the places change, not on every render's new array.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, places]);
  return null;
}

interface HeatMapProps {
  locations: readonly HeatmapLocation[];
  /** Tile address template; empty leaves the map without a background (offline tests). */
  tileUrl: string;
}

/**
 * The places on a map (decision 010): a red circle each, larger and darker the more orders, with a
 * popup saying where and how many. Loaded lazily with Leaflet.
 */
export default function HeatMap({ locations, tileUrl }: HeatMapProps) {
  const centre = locations[0] ?? HEATMAP_FALLBACK_CENTER;
  return (
    <div className="isolate overflow-hidden rounded-xl border">
      <MapContainer
        center={[centre.lat, centre.lng]}
        zoom={HEATMAP_ZOOM}
        scrollWheelZoom
        className="h-[500px] w-full bg-muted"
        aria-label="Map of delivery locations"
      >
        <MapTiles tileUrl={tileUrl} />
        <FitCircles locations={locations} />
        {locations.map((location) => {
          const { radius, ...path } = circleStyle(location.intensity);
          return (
            <CircleMarker
              key={`${location.lat},${location.lng}`}
              center={[location.lat, location.lng]}
              radius={radius}
              pathOptions={path}
            >
              <Popup>
                <div className="grid gap-0.5">
                  {location.name && <strong>{location.name}</strong>}
                  <span>{ordersLabel(location.orderCount)}</span>
                  <span className="text-muted-foreground tabular-nums">
                    {location.lat.toFixed(HEATMAP_DECIMALS)}, {location.lng.toFixed(HEATMAP_DECIMALS)}
                  </span>
                </div>
              </Popup>
            </CircleMarker>
          );
        })}
      </MapContainer>
    </div>
  );
}

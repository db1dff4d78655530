import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { CircleMarker, MapContainer, Popup, useMap } from 'react-leaflet';
import {
  circleStyle,
  HEATMAP_DECIMALS,
  HEATMAP_FALLBACK_CENTER,
  HEATMAP_ZOOM,
  ordersLabel,
  type HeatmapLocation,
} from '@shared/admin/heatmap.js';
import { MapTiles } from '@/features/maps/MapTiles.js';

/** Opens on the busiest place again when it changes (another period chosen); the map is not rebuilt. */
function CentreOn({ lat, lng }: { lat: number; lng: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView([lat, lng], HEATMAP_ZOOM);
  }, [map, lat, lng]);
  return null;
}

interface HeatMapProps {
  locations: readonly HeatmapLocation[];
  /** Tile address template; empty leaves the map without a background (offline tests). */
  tileUrl: string;
}

/**
 * The places on a map (SPEC.md sections 2 and 9): a red circle each, larger and darker the more
 * orders, with a popup saying where and how many. Loaded lazily with Leaflet.
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
        <CentreOn lat={centre.lat} lng={centre.lng} />
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

import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { MapContainer, Marker, useMap } from 'react-leaflet';
import { FALLBACK_CENTER, type LatLng } from './geolocation.js';
import { MapTiles } from './MapTiles.js';
import { pinIcon } from './pins.js';

const ZOOM = 15;
const FIT_PADDING: [number, number] = [40, 40];
const EDGE_SHARE = 0.15;

export interface MapPoint extends LatLng {
  /** Stable across moves, e.g. 'driver', so a moving point keeps its marker. */
  id: string;
  /** What the point is ('You', 'Restaurant'...): the marker's name and its line in the legend. */
  label: string;
  colour: string;
}

/** Keeps every point in view: the map refits only when one leaves it, so it does not jump at each small move. */
function KeepPointsInView({ points }: { points: readonly MapPoint[] }) {
  const map = useMap();
  useEffect(() => {
    if (points.length === 0) return;
    // A point near the edge counts as out of view: its pin would be cut off.
    const bounds = map.getBounds().pad(-EDGE_SHARE);
    if (points.every((point) => bounds.contains([point.latitude, point.longitude]))) return;
    map.fitBounds(
      points.map((point) => [point.latitude, point.longitude]),
      { padding: FIT_PADDING, maxZoom: ZOOM },
    );
  }, [map, points]);
  return null;
}

interface PointsMapProps {
  points: readonly MapPoint[];
  /** Tile address template; empty leaves the map without a background (offline tests). */
  tileUrl: string;
  /** Names the map for screen readers. */
  label: string;
}

/**
 * Several labelled places on one map (the driver, the restaurant, the customer), with a legend
 * that says in words which colour is which. Loaded lazily with Leaflet.
 */
export default function PointsMap({ points, tileUrl, label }: PointsMapProps) {
  const start = points[0] ?? FALLBACK_CENTER;
  return (
    <div className="grid gap-2">
      <div className="isolate overflow-hidden rounded-lg border">
        <MapContainer
          center={[start.latitude, start.longitude]}
          zoom={ZOOM}
          scrollWheelZoom={false}
          className="h-64 w-full bg-muted sm:h-72"
          aria-label={label}
        >
          <MapTiles tileUrl={tileUrl} />
          <KeepPointsInView points={points} />
          {points.map((point) => (
            <Marker
              key={point.id}
              position={[point.latitude, point.longitude]}
              icon={pinIcon(point.colour)}
              title={point.label}
              alt={point.label}
            />
          ))}
        </MapContainer>
      </div>
      <ul aria-label="Map legend" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {points.map((point) => (
          <li key={point.id} className="flex items-center gap-1.5">
            <span aria-hidden className="size-3 rounded-full" style={{ backgroundColor: point.colour }} />
            {point.label}
          </li>
        ))}
      </ul>
    </div>
  );
}

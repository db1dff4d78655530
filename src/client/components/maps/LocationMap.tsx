import 'leaflet/dist/leaflet.css';
import type { LeafletMouseEvent, Map as LeafletMap, Marker as LeafletMarker } from 'leaflet';
import { Crosshair } from 'lucide-react';
import { useEffect, useState } from 'react';
import { MapContainer, Marker, useMap, useMapEvents } from 'react-leaflet';
import { Button } from '@/components/ui/button.js';
import { toLatLng, type LatLng } from './geolocation.js';
import { MapTiles } from './MapTiles.js';
import { pinIcon } from './pins.js';

const ZOOM = 15;
const PIN_COLOUR = '#d4551c';

function PickOnClick({ onPick }: { onPick: (position: LatLng) => void }) {
  useMapEvents({ click: (event: LeafletMouseEvent) => onPick(toLatLng(event.latlng.lat, event.latlng.lng)) });
  return null;
}

/** Brings a pin set from outside the map (by 'Use my location') into view. */
function KeepPinInView({ pin }: { pin: LatLng | null }) {
  const map = useMap();
  useEffect(() => {
    if (pin && !map.getBounds().contains([pin.latitude, pin.longitude])) map.setView([pin.latitude, pin.longitude], ZOOM);
  }, [map, pin]);
  return null;
}

export interface LocationMapProps {
  center: LatLng;
  pin: LatLng | null;
  /** Tile address template; empty leaves the map without a background (offline tests). */
  tileUrl: string;
  onPick: (position: LatLng) => void;
  /** What the pin marks, e.g. 'Delivery location': names the map and the pin for screen readers. */
  place: string;
}

/**
 * A place on a map: click or tap the map to put the pin there, drag the pin to move it, or (from
 * the keyboard) pan with the arrow keys and drop the pin at the centre. Loaded lazily with
 * Leaflet, so only the pages that show a map pay for it.
 */
export default function LocationMap({ center, pin, tileUrl, onPick, place }: LocationMapProps) {
  const [map, setMap] = useState<LeafletMap | null>(null);
  const start = pin ?? center;

  return (
    <div className="grid gap-2">
      <div className="isolate overflow-hidden rounded-lg border">
        <MapContainer
          ref={setMap}
          center={[start.latitude, start.longitude]}
          zoom={ZOOM}
          scrollWheelZoom={false}
          className="h-64 w-full bg-muted sm:h-72"
          aria-label={`${place} map`}
        >
          <MapTiles tileUrl={tileUrl} />
          <PickOnClick onPick={onPick} />
          <KeepPinInView pin={pin} />
          {pin && (
            <Marker
              position={[pin.latitude, pin.longitude]}
              icon={pinIcon(PIN_COLOUR)}
              draggable
              title={place}
              alt={`${place} pin`}
              eventHandlers={{
                dragend: (event) => {
                  const { lat, lng } = (event.target as LeafletMarker).getLatLng();
                  onPick(toLatLng(lat, lng));
                },
              }}
            />
          )}
        </MapContainer>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="w-fit"
        disabled={!map}
        onClick={() => {
          if (!map) return;
          const middle = map.getCenter();
          onPick(toLatLng(middle.lat, middle.lng));
        }}
      >
        <Crosshair aria-hidden />
        Put the pin at the map centre
      </Button>
    </div>
  );
}

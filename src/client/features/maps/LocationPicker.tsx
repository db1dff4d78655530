import { useQuery } from '@tanstack/react-query';
import { LocateFixed, MapPin, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button.js';
import { formatCoordinate } from '@/lib/format.js';
import { publicConfigQuery } from './configApi.js';
import { currentPosition, type LatLng } from './geolocation.js';

const DeliveryMap = lazy(() => import('./DeliveryMap.js'));

function MapLoading() {
  return (
    <div role="status" className="grid h-64 place-items-center rounded-lg border bg-muted text-sm text-muted-foreground sm:h-72">
      Loading map...
    </div>
  );
}

interface DeliveryLocationProps {
  value: LatLng | null;
  onChange: (value: LatLng | null) => void;
  /** Where the map opens; null while that is still being worked out. */
  center: LatLng | null;
}

/** The optional delivery pin: from the device's location, or placed on the map by hand. */
export function DeliveryLocation({ value, onChange, center }: DeliveryLocationProps) {
  const config = useQuery(publicConfigQuery());
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function locateMe() {
    setError(null);
    setLocating(true);
    try {
      onChange(await currentPosition(navigator.geolocation));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setLocating(false);
    }
  }

  const pick = (position: LatLng) => {
    setError(null);
    onChange(position);
  };

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium">
        Delivery location <span className="font-normal text-muted-foreground">(optional)</span>
      </legend>
      <p className="text-sm text-muted-foreground">
        Helps your driver find you. Use your location, or tap the map where the food should go.
      </p>
      <Button variant="secondary" className="w-full sm:w-fit" busy={locating} onClick={() => void locateMe()}>
        {!locating && <LocateFixed aria-hidden />}
        {locating ? 'Finding you...' : 'Use my location'}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {center && !config.isPending ? (
        <Suspense fallback={<MapLoading />}>
          <DeliveryMap center={center} pin={value} tileUrl={config.data?.tileUrl ?? ''} onPick={pick} />
        </Suspense>
      ) : (
        <MapLoading />
      )}
      <div aria-live="polite" className="flex min-h-9 flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        {value ? (
          <>
            <span className="flex items-center gap-1.5">
              <MapPin aria-hidden className="size-4 text-primary" />
              Pin at {formatCoordinate(value.latitude, 6)}, {formatCoordinate(value.longitude, 6)}
            </span>
            <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
              <X aria-hidden />
              Remove pin
            </Button>
          </>
        ) : (
          <span className="text-muted-foreground">No pin yet: your driver will use the address.</span>
        )}
      </div>
    </fieldset>
  );
}

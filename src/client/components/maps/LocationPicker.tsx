import { useQuery } from '@tanstack/react-query';
import { LocateFixed, MapPin, X } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button.js';
import { FieldError } from '@/components/ui/form-field.js';
import { publicConfigQuery } from '@/lib/configApi.js';
import { formatCoordinate } from '@/lib/format.js';
import { currentPosition, type LatLng } from './geolocation.js';
import { MapLoading } from './MapLoading.js';

const LocationMap = lazy(() => import('./LocationMap.js'));

interface LocationPickerProps {
  value: LatLng | null;
  onChange: (value: LatLng | null) => void;
  /** Where the map opens; null while that is still being worked out. */
  center: LatLng | null;
  /** What the pin marks ('Delivery location', 'Restaurant location'): the legend, and the map's and pin's names. */
  place: string;
  /** A line under the legend saying what the pin is for. */
  hint: ReactNode;
  /** Shown while there is no pin. */
  noPin: string;
  /** An optional pin can be removed; a required one is only moved. */
  required?: boolean;
  /** The form's message about the pin, e.g. that it is missing. */
  error?: string;
  id: string;
}

/** A pin on a map: from the device's location, or placed on the map by hand. */
export function LocationPicker({
  value,
  onChange,
  center,
  place,
  hint,
  noPin,
  required = false,
  error,
  id,
}: LocationPickerProps) {
  const config = useQuery(publicConfigQuery());
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string | null>(null);
  const errorId = `${id}-error`;

  async function locateMe() {
    setLocateError(null);
    setLocating(true);
    try {
      onChange(await currentPosition(navigator.geolocation));
    } catch (failure) {
      setLocateError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setLocating(false);
    }
  }

  const pick = (position: LatLng) => {
    setLocateError(null);
    onChange(position);
  };

  return (
    <fieldset id={id} className="grid gap-3" aria-describedby={errorId} aria-invalid={error ? true : undefined}>
      <legend className="mb-1 text-sm font-medium">
        {place}
        {required ? <span aria-hidden> *</span> : <span className="font-normal text-muted-foreground"> (optional)</span>}
      </legend>
      <p className="text-sm text-muted-foreground">{hint}</p>
      <Button variant="secondary" className="w-full sm:w-fit" busy={locating} onClick={() => void locateMe()}>
        {!locating && <LocateFixed aria-hidden />}
        {locating ? 'Finding you...' : 'Use my location'}
      </Button>
      {locateError && (
        <p role="alert" className="text-sm text-destructive">
          {locateError}
        </p>
      )}
      {center && !config.isPending ? (
        <Suspense fallback={<MapLoading />}>
          <LocationMap center={center} pin={value} tileUrl={config.data?.tileUrl ?? ''} onPick={pick} place={place} />
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
            {!required && (
              <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
                <X aria-hidden />
                Remove pin
              </Button>
            )}
          </>
        ) : (
          <span className="text-muted-foreground">{noPin}</span>
        )}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

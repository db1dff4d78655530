import { LocateFixed, MapPin, X } from 'lucide-react';
import { useState } from 'react';
import { setDeliveryLocation } from '@/components/maps/deliveryLocation.js';
import { currentPosition, GEOLOCATION_MESSAGES, type LatLng } from '@/components/maps/geolocation.js';
import { Button } from '@/components/ui/button.js';

/** The browser's refusal in words for this page, which has no map to place a pin on. */
function locateFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  if (message === GEOLOCATION_MESSAGES.unsupported) return message;
  if (message === GEOLOCATION_MESSAGES.denied)
    return 'Location access was blocked. Allow it in your browser settings to see delivery fees.';
  return 'Your location could not be found. Please try again.';
}

interface DeliveryPlaceBarProps {
  /** Where the customer wants food brought, once known. */
  location: LatLng | null;
  /** How the delivery pricing the cards need is loading. */
  pricing: { isPending: boolean; isError: boolean; isFetching: boolean; retry: () => void };
}

/**
 * Above the restaurant list: 'Use my location' to see what delivery costs from each restaurant
 * (the cards then say 'Delivery GH₵8.00', 'Free delivery' or 'Too far to deliver'), and, once
 * the place is known, a way to update or forget it.
 */
export function DeliveryPlaceBar({ location, pricing }: DeliveryPlaceBarProps) {
  const [locating, setLocating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function locate() {
    setFailure(null);
    setLocating(true);
    try {
      setDeliveryLocation(await currentPosition(navigator.geolocation));
    } catch (error) {
      setFailure(locateFailure(error));
    } finally {
      setLocating(false);
    }
  }

  let status: string;
  if (!location) status = 'See what delivery costs to where you are.';
  else if (pricing.isError && !pricing.isFetching) status = 'Delivery fees could not be loaded.';
  else if (pricing.isPending) status = 'Working out delivery fees...';
  else status = 'Delivery fees are to your location.';

  return (
    <div className="grid gap-2 rounded-lg border bg-card px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p aria-live="polite" className="flex min-w-0 flex-1 basis-48 items-center gap-1.5">
          <MapPin aria-hidden className="size-4 shrink-0 text-primary" />
          {status}
        </p>
        <div className="flex flex-wrap gap-1">
          {location && pricing.isError && !pricing.isFetching && (
            <Button variant="outline" size="sm" onClick={pricing.retry}>
              Try again
            </Button>
          )}
          <Button variant={location ? 'ghost' : 'outline'} size="sm" busy={locating} onClick={() => void locate()}>
            {!locating && <LocateFixed aria-hidden />}
            {locating ? 'Finding you...' : location ? 'Update location' : 'Use my location'}
          </Button>
          {location && (
            <Button variant="ghost" size="sm" onClick={() => setDeliveryLocation(null)}>
              <X aria-hidden />
              Forget location
            </Button>
          )}
        </div>
      </div>
      {failure && (
        <p role="alert" className="text-destructive">
          {failure}
        </p>
      )}
    </div>
  );
}

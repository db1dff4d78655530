import { LocateFixed, LocateOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { DRIVER_MESSAGES, type DriverStatus } from '@shared/drivers/schemas.js';
import type { DeliveryView } from '@shared/orders/views.js';
import { Badge } from '@/components/ui/badge.js';
import { Button } from '@/components/ui/button.js';
import { Card, CardContent, CardHeader } from '@/components/ui/card.js';
import { formatClockTime, formatCoordinate } from '@/lib/format.js';
import { notifySuccess } from '@/lib/toast.js';
import { useFocusKept } from '@/lib/useFocusKept.js';
import { DriverMap } from './DriverMap.js';
import { useAvailability } from './useAvailability.js';
import type { LocationTracking } from './useLocationTracking.js';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 border-b py-1.5 last:border-0">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="text-right font-medium tabular-nums">{children}</dd>
    </div>
  );
}

interface LocationCardProps {
  status: DriverStatus;
  tracking: LocationTracking;
  /** What the driver carries, in the order of their round. */
  deliveries: readonly DeliveryView[];
}

/**
 * Location tracking on the driver dashboard: Go Online watches the position, sends it and, once
 * the device has given one, makes the driver available (never while their location is blocked
 * or not found); Go Offline stops both. Shows the position, when the device took it and when it
 * last reached the server, and the map of what they carry.
 */
export function LocationCard({ status, tracking, deliveries }: LocationCardProps) {
  const availability = useAvailability();
  const stored =
    status.latitude !== null && status.longitude !== null ? { latitude: status.latitude, longitude: status.longitude } : null;
  const position = tracking.fix ?? stored;
  const takenAt = tracking.fix?.at ?? status.lastLocationUpdate;

  const { group, noteFocus } = useFocusKept<HTMLDivElement>(availability.isPending);
  const goOnline = () =>
    tracking.start(() => {
      notifySuccess(DRIVER_MESSAGES.trackingStarted);
      noteFocus();
      availability.mutate(true);
    });
  const goOffline = () => {
    noteFocus();
    tracking.stop();
    notifySuccess(DRIVER_MESSAGES.trackingStopped);
    availability.mutate(false);
  };

  return (
    <Card className="gap-4">
      <CardHeader className="flex flex-row items-center justify-between gap-3">
        <h2 className="text-lg leading-none font-semibold">Location Tracking</h2>
        <Badge variant={tracking.tracking ? 'success' : 'secondary'} className="text-sm">
          <span className="sr-only">Status: </span>
          {tracking.tracking ? 'Online' : 'Offline'}
        </Badge>
      </CardHeader>
      <CardContent ref={group} className="grid gap-4">
        {tracking.tracking ? (
          <Button variant="outline" size="lg" className="w-full" busy={availability.isPending} onClick={goOffline}>
            <LocateOff aria-hidden />
            Go Offline
          </Button>
        ) : (
          <Button size="lg" className="w-full" busy={availability.isPending} disabled={!status.isVerified} onClick={goOnline}>
            <LocateFixed aria-hidden />
            Go Online
          </Button>
        )}
        {tracking.error && (
          <p role="alert" className="text-sm text-destructive">
            {tracking.error}
          </p>
        )}
        {!tracking.tracking && status.isAvailable && (
          <p className="text-sm text-muted-foreground">
            You are available, but your location is not being shared: go online so orders near you reach you.
          </p>
        )}
        <dl className="text-sm" aria-live="polite">
          <Fact term="Latitude">{position ? formatCoordinate(position.latitude, 6) : '—'}</Fact>
          <Fact term="Longitude">{position ? formatCoordinate(position.longitude, 6) : '—'}</Fact>
          <Fact term="Last updated">{takenAt ? formatClockTime(takenAt) : 'Not yet'}</Fact>
          <Fact term="Reached the server">
            {tracking.sendFailing
              ? 'Sending failed: retrying'
              : status.lastLocationUpdate
                ? formatClockTime(status.lastLocationUpdate)
                : 'Not yet'}
          </Fact>
        </dl>
        <DriverMap driver={position} deliveries={deliveries} />
      </CardContent>
    </Card>
  );
}

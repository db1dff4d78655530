import { useId } from 'react';
import { DRIVER_MESSAGES, type DriverStatus } from '@shared/drivers/schemas.js';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.js';
import { Label } from '@/components/ui/label.js';
import { Switch } from '@/components/ui/switch.js';
import { useAvailability } from './useAvailability.js';

/**
 * 'Availability Status': whether orders are offered to this driver, without touching location
 * tracking, and why dispatch switched it off when offers were missed in a row.
 */
export function AvailabilityCard({ status }: { status: DriverStatus }) {
  const availability = useAvailability();
  const id = useId();
  const shown = availability.isPending ? availability.variables : status.isAvailable;

  return (
    <Card className="gap-4">
      <CardHeader>
        <h2 className="text-lg leading-none font-semibold">Availability Status</h2>
        <CardDescription>Orders are offered only while you are available.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {status.pausedForMissedOffers && !status.isAvailable && (
          <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
            {DRIVER_MESSAGES.pausedForMisses}
          </p>
        )}
        <div className="flex min-h-11 items-center gap-3">
          <Switch
            id={id}
            checked={shown}
            // The server refuses an unverified driver going available; going unavailable is always allowed.
            disabled={availability.isPending || (!status.isVerified && !status.isAvailable)}
            onCheckedChange={(available) => availability.mutate(available)}
          />
          <Label htmlFor={id} className="min-h-11 flex-1 cursor-pointer text-base">
            {shown ? 'Available for orders' : 'Unavailable'}
          </Label>
        </div>
      </CardContent>
    </Card>
  );
}

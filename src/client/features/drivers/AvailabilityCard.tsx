import { useId } from 'react';
import type { DriverStatus } from '@shared/drivers/schemas.js';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.js';
import { Label } from '@/components/ui/label.js';
import { Switch } from '@/components/ui/switch.js';
import { useAvailability } from './useAvailability.js';

/** 'Availability Status': whether orders are offered to this driver, without touching location tracking. */
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
      <CardContent>
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

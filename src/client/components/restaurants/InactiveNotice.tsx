import { Clock, EyeOff } from 'lucide-react';
import { APPROVAL_MESSAGES } from '@shared/admin/approval.js';
import type { OwnRestaurant } from '@shared/restaurants/schemas.js';

/**
 * What the owner of an inactive restaurant reads: that it waits for an admin's approval, or, when
 * an admin deactivated it, that it was taken out of discovery. Nothing while it is active.
 */
export function InactiveNotice({ restaurant }: { restaurant: Pick<OwnRestaurant, 'isActive' | 'awaitingApproval'> }) {
  if (restaurant.isActive) return null;
  const waiting = restaurant.awaitingApproval;
  const Icon = waiting ? Clock : EyeOff;
  return (
    <div role="status" className="flex gap-3 rounded-lg border bg-muted p-3 text-sm">
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="grid gap-0.5">
        <p className="font-medium">{waiting ? APPROVAL_MESSAGES.waiting : APPROVAL_MESSAGES.deactivated}</p>
        <p className="text-muted-foreground">
          {waiting ? APPROVAL_MESSAGES.waitingMeanwhile : APPROVAL_MESSAGES.deactivatedMeanwhile}
        </p>
      </div>
    </div>
  );
}

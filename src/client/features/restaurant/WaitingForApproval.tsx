import { Clock } from 'lucide-react';
import { APPROVAL_MESSAGES } from '@shared/admin/approval.js';

/** What the owner of an inactive restaurant reads: customers cannot see it until an admin activates it. */
export function WaitingForApproval() {
  return (
    <div role="status" className="flex gap-3 rounded-lg border bg-muted p-3 text-sm">
      <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="grid gap-0.5">
        <p className="font-medium">{APPROVAL_MESSAGES.waiting}</p>
        <p className="text-muted-foreground">{APPROVAL_MESSAGES.waitingMeanwhile}</p>
      </div>
    </div>
  );
}

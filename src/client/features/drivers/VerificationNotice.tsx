import { ShieldAlert } from 'lucide-react';
import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';

/** Why an unverified driver can neither go available nor take orders yet. */
export function VerificationNotice() {
  return (
    <div role="status" className="flex items-start gap-3 rounded-xl border border-primary/30 bg-accent p-4">
      <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="grid gap-1">
        <p className="font-semibold">{DRIVER_MESSAGES.waitingVerification}</p>
        <p className="text-sm text-muted-foreground">
          An admin checks your documents. Once you are verified you can go online and accept orders.
        </p>
      </div>
    </div>
  );
}

import { CircleCheck, CircleX, Clock, Hourglass, KeyRound, Undo2, type LucideIcon } from 'lucide-react';
import type { PayoutStatus } from '@shared/payouts/kinds.js';
import { Badge } from '@/components/ui/badge.js';

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  queued: 'Queued',
  pending: 'Pending',
  otp: 'Waiting for OTP',
  success: 'Paid',
  failed: 'Failed',
  reversed: 'Reversed',
};

const LOOKS: Record<
  PayoutStatus,
  { icon: LucideIcon; variant: 'default' | 'secondary' | 'destructive' | 'success' | 'outline' }
> = {
  queued: { icon: Clock, variant: 'outline' },
  pending: { icon: Hourglass, variant: 'secondary' },
  otp: { icon: KeyRound, variant: 'default' },
  success: { icon: CircleCheck, variant: 'success' },
  failed: { icon: CircleX, variant: 'destructive' },
  reversed: { icon: Undo2, variant: 'destructive' },
};

/** A payout's status: its colour, its icon (so statuses of one colour still differ) and its words. */
export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  const { icon: Icon, variant } = LOOKS[status];
  return (
    <Badge variant={variant} className="gap-1.5 text-sm [&>svg]:size-3.5">
      <Icon aria-hidden />
      <span className="sr-only">Payout status: </span>
      {PAYOUT_STATUS_LABELS[status]}
    </Badge>
  );
}

import { DoorClosed } from 'lucide-react';
import type { OrderView } from '@shared/orders/schemas.js';
import { formatTime } from '@/lib/format.js';

/**
 * What the customer is told when nobody answered the door (decision 030): while the rider waits,
 * until when; once the delivery was closed as not available, the photo of the door the rider took.
 */
export function DoorNotice({ order }: { order: Pick<OrderView, 'doorWait' | 'doorPhotoUrl'> }) {
  if (order.doorWait) {
    return (
      <p
        role="status"
        className="flex items-start gap-2 rounded-lg border border-primary/40 bg-accent px-3 py-2 text-sm font-medium"
      >
        <DoorClosed aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
        <span>
          Your rider is at the door and waiting until{' '}
          <time dateTime={order.doorWait.endsAt}>{formatTime(order.doorWait.endsAt)}</time>.
        </span>
      </p>
    );
  }
  if (!order.doorPhotoUrl) return null;
  return (
    <figure className="grid gap-2">
      <img
        src={order.doorPhotoUrl}
        alt="The door where your rider waited"
        className="max-h-64 w-full rounded-lg border object-cover"
        loading="lazy"
      />
      <figcaption className="text-sm text-muted-foreground">The door where your rider waited for you.</figcaption>
    </figure>
  );
}

import { PackageCheck } from 'lucide-react';
import { OPERATIONS_MESSAGES, type Operations } from '@shared/admin/operations.js';
import { Badge } from '@/components/ui/badge.js';
import { EmptyState } from '@/components/ui/empty-state.js';
import { WaitingFor } from './Ages.js';
import { AssignDialog } from './AssignDialog.js';

interface WaitingOrdersProps {
  view: Operations;
  offsetMs: number;
  /** Orders the operations team was alerted of: no rider took them. */
  alerted: ReadonlySet<string>;
}

/** 'Waiting for a rider': the ready orders without one, longest waiting first, each with 'Assign'. */
export function WaitingOrders({ view, offsetMs, alerted }: WaitingOrdersProps) {
  const { waiting, riders, limit } = view;
  return (
    <section aria-labelledby="waiting-heading" className="grid content-start gap-3">
      <h2 id="waiting-heading" className="text-lg font-semibold">
        Waiting for a rider ({waiting.length})
      </h2>
      {waiting.length === 0 ? (
        <EmptyState icon={PackageCheck} title={OPERATIONS_MESSAGES.noWaiting} className="py-8" />
      ) : (
        <ul className="grid gap-2">
          {waiting.map((order) => (
            <li key={order.id}>
              <article
                aria-label={`Order ${order.shortId}`}
                className={`flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border p-3 ${alerted.has(order.id) ? 'border-destructive bg-destructive/5' : ''}`}
              >
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <p className="flex flex-wrap items-center gap-2 font-semibold">
                    <span className="font-mono">{order.shortId}</span>
                    {alerted.has(order.id) && <Badge variant="destructive">No rider</Badge>}
                  </p>
                  <p className="truncate text-sm">{order.restaurantName}</p>
                  {order.offeredTo && <p className="text-sm">{OPERATIONS_MESSAGES.offeredTo(order.offeredTo)}</p>}
                  <p className="text-sm text-muted-foreground">
                    <WaitingFor readyAt={order.readyAt} offsetMs={offsetMs} />
                  </p>
                </div>
                <AssignDialog order={order} riders={riders} offsetMs={offsetMs} action="Assign" />
              </article>
            </li>
          ))}
        </ul>
      )}
      {waiting.length >= limit && <p className="text-sm text-muted-foreground">{OPERATIONS_MESSAGES.cut(limit)}</p>}
    </section>
  );
}

import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { formatMoney } from '@shared/money.js';
import type { OrderView } from '@shared/orders/schemas.js';
import { OrderRating } from '@/components/ratings/OrderRating.js';
import { cn } from '@/lib/cn.js';
import { formatDate, formatDateTime } from '@/lib/format.js';
import { DoorNotice } from './DoorNotice.js';
import { OrderAgainButton } from './OrderAgainButton.js';
import { OrderFacts } from './OrderFacts.js';
import { OrderProgress } from './OrderProgress.js';
import { MY_ORDERS_KEY } from './ordersApi.js';
import { StatusBadge } from './StatusBadge.js';

/** A delivered, cancelled or not-available order as one line (restaurant, date, total, status) that opens on tap to show the rest. */
export function PastOrderRow({ order }: { order: OrderView }) {
  const [open, setOpen] = useState(false);
  const detailsId = `past-order-${order.id}`;
  return (
    <article aria-label={`${order.restaurantName}, order ${order.shortId}`} className="rounded-xl border bg-card shadow-xs">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((was) => !was)}
          className="flex min-h-14 w-full items-center gap-3 rounded-xl px-4 py-2.5 text-left outline-none hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <span className="grid min-w-0 flex-1 gap-1">
            <span className="flex items-baseline justify-between gap-3">
              {/* Sized by the row, not by its text: a long name takes a second line, then is cut short, instead of widening the page. */}
              <span className="line-clamp-2 min-w-0 flex-1 font-semibold wrap-anywhere contain-inline-size">
                {order.restaurantName}
              </span>
              <span className="shrink-0 text-sm font-medium tabular-nums">
                {formatMoney(order.totalAmount, order.currencySymbol)}
              </span>
            </span>
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
              <StatusBadge status={order.status} label={order.statusLabel} className="text-xs" />
              <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
            </span>
          </span>
          <ChevronDown
            aria-hidden
            className={cn('size-5 shrink-0 text-muted-foreground transition-transform', open && 'rotate-180')}
          />
        </button>
      </h3>
      <div id={detailsId} hidden={!open} className="grid gap-4 border-t px-4 pt-3 pb-4">
        {open && (
          <>
            <p className="text-sm text-muted-foreground">
              Order {order.shortId} · <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
            </p>
            <OrderProgress status={order.status} />
            <DoorNotice order={order} />
            <OrderFacts order={order} />
          </>
        )}
      </div>
      <div className="grid gap-3 px-4 pb-3 empty:hidden">
        <OrderRating order={order} listKey={MY_ORDERS_KEY} />
      </div>
      <div className="flex justify-end px-4 pb-3">
        <OrderAgainButton order={order} />
      </div>
    </article>
  );
}

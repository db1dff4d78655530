import {
  Ban,
  ChefHat,
  ClipboardCheck,
  Clock,
  DoorClosed,
  House,
  Navigation,
  ShoppingBag,
  Truck,
  type LucideIcon,
} from 'lucide-react';
import { statusBadgeVariant, type OrderStatus } from '@shared/orders/status.js';
import { Badge } from '@/components/ui/badge.js';
import { cn } from '@/lib/cn.js';

/** One icon per status, so statuses that share a badge colour still look different. */
export const STATUS_ICONS: Record<OrderStatus, LucideIcon> = {
  pending: Clock,
  confirmed: ClipboardCheck,
  preparing: ChefHat,
  ready: ShoppingBag,
  accepted: Navigation,
  picked_up: Truck,
  delivered: House,
  cancelled: Ban,
  customer_unavailable: DoorClosed,
};

/** An order's status: its badge colour, its icon and its label. */
export function StatusBadge({ status, label, className }: { status: OrderStatus; label: string; className?: string }) {
  const Icon = STATUS_ICONS[status];
  return (
    <Badge variant={statusBadgeVariant(status)} className={cn('gap-1.5 text-sm [&>svg]:size-3.5', className)}>
      <Icon aria-hidden />
      <span className="sr-only">Status: </span>
      {label}
    </Badge>
  );
}

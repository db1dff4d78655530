import { useId } from 'react';
import { ORDER_STATUSES, STATUS_LABELS, type OrderStatus } from '@shared/orders/status.js';
import { Label } from '@/components/ui/label.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.js';
import { cn } from '@/lib/cn.js';

export type StatusChoice = OrderStatus | 'all';

/** 'All statuses' or one status of the order machine, by the label people read on the badges. */
export function StatusFilter({
  value,
  onChange,
  className,
}: {
  value: StatusChoice;
  onChange: (value: StatusChoice) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>Status</Label>
      <Select value={value} onValueChange={(next) => onChange(next as StatusChoice)}>
        <SelectTrigger id={id} className="h-11">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="all">All statuses</SelectItem>
          {ORDER_STATUSES.map((status) => (
            <SelectItem key={status} value={status}>
              {STATUS_LABELS[status]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

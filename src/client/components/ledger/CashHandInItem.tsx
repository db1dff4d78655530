import type { CashHandInView } from '@shared/drivers/cash.js';
import { cn } from '@/lib/cn.js';
import { formatDateTime, formatMoney } from '@/lib/format.js';

interface CashHandInItemProps {
  handIn: CashHandInView;
  /** Read by screen readers before the amount, e.g. 'Handed in'. */
  amountLabel?: string;
  /** Adds who in the office recorded it; the rider is not shown that. */
  showRecorder?: boolean;
  /** Smaller and tighter, for a dialog. */
  compact?: boolean;
}

/** One recorded cash hand-in, as a list item: amount, when, the receipt's reference and who received it. */
export function CashHandInItem({ handIn, amountLabel, showRecorder = false, compact = false }: CashHandInItemProps) {
  return (
    <li className={cn('grid gap-0.5', compact ? 'py-2 text-sm' : 'py-3')}>
      <p className={cn('flex flex-wrap items-baseline justify-between', compact ? 'gap-x-3' : 'gap-x-4')}>
        <span className="font-semibold tabular-nums">
          {amountLabel && <span className="sr-only">{`${amountLabel} `}</span>}
          {formatMoney(handIn.amount, handIn.currencySymbol)}
        </span>
        <time dateTime={handIn.createdAt} className="text-sm text-muted-foreground">
          {formatDateTime(handIn.createdAt)}
        </time>
      </p>
      <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
        Ref. {handIn.reference} · received by {handIn.receivedBy}
        {showRecorder && handIn.recordedByName && ` · recorded by ${handIn.recordedByName}`}
      </p>
    </li>
  );
}

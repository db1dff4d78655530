import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { SALES_PERIOD_LABELS, SALES_PERIODS, type SalesPeriod } from '@shared/orders/sales.js';
import { cn } from '@/lib/cn.js';

/** The period the whole page shows, as one row of radio buttons (arrow keys move between them). */
export function PeriodFilter({ value, onChange }: { value: SalesPeriod; onChange: (period: SalesPeriod) => void }) {
  return (
    <RadioGroupPrimitive.Root
      aria-label="Period"
      value={value}
      onValueChange={(next) => onChange(next as SalesPeriod)}
      orientation="horizontal"
      className="grid w-full grid-cols-4 rounded-lg bg-muted p-1 sm:w-fit"
    >
      {SALES_PERIODS.map((period) => (
        <RadioGroupPrimitive.Item
          key={period}
          value={period}
          className={cn(
            'h-11 rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground outline-none',
            'focus-visible:ring-[3px] focus-visible:ring-ring/50',
            'data-[state=checked]:bg-background data-[state=checked]:text-foreground data-[state=checked]:shadow-sm',
          )}
        >
          {SALES_PERIOD_LABELS[period]}
        </RadioGroupPrimitive.Item>
      ))}
    </RadioGroupPrimitive.Root>
  );
}

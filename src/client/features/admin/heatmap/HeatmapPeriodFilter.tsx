import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { HEATMAP_PERIOD_LABELS, HEATMAP_PERIODS, type HeatmapPeriod } from '@shared/admin/heatmap.js';
import { cn } from '@/lib/cn.js';

/** Which orders the map shows, by when they were placed: one row of radio buttons (arrow keys move between them). */
export function HeatmapPeriodFilter({ value, onChange }: { value: HeatmapPeriod; onChange: (period: HeatmapPeriod) => void }) {
  return (
    <RadioGroupPrimitive.Root
      aria-label="Orders placed in"
      value={value}
      onValueChange={(next) => onChange(next as HeatmapPeriod)}
      orientation="horizontal"
      className="grid w-full grid-cols-4 rounded-lg bg-muted p-1 sm:w-fit"
    >
      {HEATMAP_PERIODS.map((period) => (
        <RadioGroupPrimitive.Item
          key={period}
          value={period}
          className={cn(
            'h-11 rounded-md px-2 text-sm font-medium whitespace-nowrap text-muted-foreground outline-none sm:px-3',
            'focus-visible:ring-[3px] focus-visible:ring-ring/50',
            'data-[state=checked]:bg-background data-[state=checked]:text-foreground data-[state=checked]:shadow-sm',
          )}
        >
          {HEATMAP_PERIOD_LABELS[period]}
        </RadioGroupPrimitive.Item>
      ))}
    </RadioGroupPrimitive.Root>
  );
}

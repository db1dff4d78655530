import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn.js';

interface SegmentedRadioProps<Value extends string> {
  /** What the choice is about, for screen readers, e.g. 'Period'. */
  label: string;
  options: readonly Value[];
  labels: Record<Value, string>;
  value: Value;
  onChange: (value: Value) => void;
}

/** A short choice shown as one row of segments: radio buttons, so arrow keys move between them. */
export function SegmentedRadio<Value extends string>({ label, options, labels, value, onChange }: SegmentedRadioProps<Value>) {
  return (
    <RadioGroupPrimitive.Root
      aria-label={label}
      value={value}
      onValueChange={(next) => onChange(next as Value)}
      orientation="horizontal"
      className="grid w-full auto-cols-fr grid-flow-col rounded-lg bg-muted p-1 sm:w-fit"
    >
      {options.map((option) => (
        <RadioGroupPrimitive.Item
          key={option}
          value={option}
          className={cn(
            'h-11 rounded-md px-2 text-sm font-medium whitespace-nowrap text-muted-foreground outline-none sm:px-3',
            'focus-visible:ring-[3px] focus-visible:ring-ring/50',
            'data-[state=checked]:bg-background data-[state=checked]:text-foreground data-[state=checked]:shadow-sm',
          )}
        >
          {labels[option]}
        </RadioGroupPrimitive.Item>
      ))}
    </RadioGroupPrimitive.Root>
  );
}

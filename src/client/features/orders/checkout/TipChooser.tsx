import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { formatMoney } from '@shared/money.js';
import { FormField } from '@/components/ui/form-field.js';
import { Input } from '@/components/ui/input.js';
import { cn } from '@/lib/cn.js';
import { suggestedTips, type TipChoice } from './tip.js';

interface TipChooserProps {
  /** The food's price in minor units: suggestions are shares of it, and a tip can be at most it. */
  subtotal: number;
  symbol: string;
  choice: TipChoice;
  onChoose: (choice: TipChoice) => void;
  otherText: string;
  onOtherText: (text: string) => void;
  /** Said when the typed tip was left or submitted: the customer has finished typing it. */
  onOtherBlur: () => void;
  /** Why the typed tip is refused, once it is worth saying. */
  otherError?: string;
  /** The id of the typed tip's input, for the form to focus it when it is refused. */
  otherId: string;
  disabled?: boolean;
}

const OPTION = cn(
  'grid min-h-12 place-content-center rounded-md border bg-background px-2 py-1.5 text-center text-sm font-medium leading-tight outline-none',
  'focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50',
  'data-[state=checked]:border-primary data-[state=checked]:bg-accent data-[state=checked]:text-accent-foreground',
);

/**
 * 'Tip your rider': none, three suggested shares of the food rounded up to whole amounts, or an
 * amount of the customer's own. A radio group, so the arrow keys move between the choices.
 */
export function TipChooser({
  subtotal,
  symbol,
  choice,
  onChoose,
  otherText,
  onOtherText,
  onOtherBlur,
  otherError,
  otherId,
  disabled,
}: TipChooserProps) {
  const suggestions = suggestedTips(subtotal);
  return (
    <div className="grid gap-3">
      <div className="grid gap-1">
        <h3 id="tip-heading" className="font-semibold">
          Tip your rider
        </h3>
        <p id="tip-hint" className="text-sm text-muted-foreground">
          All of your tip goes to your rider.
        </p>
      </div>
      <RadioGroupPrimitive.Root
        aria-labelledby="tip-heading"
        aria-describedby="tip-hint"
        value={choice}
        onValueChange={(next) => onChoose(next as TipChoice)}
        disabled={disabled}
        className="grid grid-cols-[repeat(auto-fit,minmax(5.5rem,1fr))] gap-2"
      >
        <RadioGroupPrimitive.Item value="none" className={OPTION}>
          None
        </RadioGroupPrimitive.Item>
        {suggestions.map((tip) => {
          const amount = formatMoney(tip.amount, symbol);
          return (
            <RadioGroupPrimitive.Item
              key={tip.choice}
              value={tip.choice}
              aria-label={`${amount} (${tip.percent}%)`}
              className={OPTION}
            >
              <span className="tabular-nums [overflow-wrap:anywhere]">{amount}</span>
              <span aria-hidden className="text-xs font-normal text-muted-foreground">
                {tip.percent}%
              </span>
            </RadioGroupPrimitive.Item>
          );
        })}
        <RadioGroupPrimitive.Item value="other" className={OPTION}>
          Other
        </RadioGroupPrimitive.Item>
      </RadioGroupPrimitive.Root>
      {choice === 'other' && (
        <FormField id={otherId} label={`Your tip (${symbol})`} error={otherError}>
          <Input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="5.00"
            className="sm:w-40"
            value={otherText}
            disabled={disabled}
            onChange={(event) => onOtherText(event.target.value)}
            onBlur={onOtherBlur}
          />
        </FormField>
      )}
    </div>
  );
}

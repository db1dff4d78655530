import { Banknote } from 'lucide-react';
import { Label } from '@/components/ui/label.js';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group.js';

/**
 * How the customer pays. Cash on delivery is the only method the checkout takes today; card
 * payments are announced as not available rather than offered.
 */
export function PaymentMethod() {
  return (
    <div className="grid gap-3">
      <RadioGroup value="cash" aria-label="Payment method">
        <Label
          htmlFor="payment-cash"
          className="flex cursor-pointer items-start gap-3 rounded-lg border border-primary bg-accent/50 p-4 leading-normal"
        >
          <RadioGroupItem value="cash" id="payment-cash" className="mt-0.5" />
          <Banknote aria-hidden className="size-5 shrink-0 text-primary" />
          <span className="grid gap-0.5">
            <span className="font-semibold">Cash on delivery</span>
            <span className="font-normal text-muted-foreground">Pay your driver in cash when the food arrives.</span>
          </span>
        </Label>
      </RadioGroup>
      <p className="text-xs text-muted-foreground">Card payments are not available yet.</p>
    </div>
  );
}

import { Banknote, CreditCard, type LucideIcon } from 'lucide-react';
import { RadioCard, RadioGroup } from '@/components/ui/radio-group.js';
import { PAYMENT_METHODS, type PaymentMethod as PaymentChoice } from '@shared/orders/schemas.js';

const CHOICES: Record<PaymentChoice, { icon: LucideIcon; title: string; detail: string }> = {
  'paystack-card': {
    icon: CreditCard,
    title: 'Pay with card or mobile money',
    detail: 'Pay now with Paystack; the restaurant then confirms your order.',
  },
  cash: { icon: Banknote, title: 'Cash on delivery', detail: 'Pay your driver in cash when the food arrives.' },
};

interface PaymentMethodProps {
  value: PaymentChoice;
  onChange: (choice: PaymentChoice) => void;
  /** Whether this server takes cards (GET /api/config). */
  cardOffered: boolean;
  /** Why card is not offered, when that is known. */
  cardMissing?: string;
  disabled?: boolean;
}

/** How the customer pays: card or mobile money through Paystack when the server takes them, or cash on delivery. */
export function PaymentMethod({ value, onChange, cardOffered, cardMissing, disabled }: PaymentMethodProps) {
  const choices: readonly PaymentChoice[] = cardOffered ? PAYMENT_METHODS : ['cash'];
  return (
    <div className="grid gap-3">
      <RadioGroup
        value={value}
        onValueChange={(next) => onChange(next as PaymentChoice)}
        aria-label="Payment method"
        disabled={disabled}
      >
        {choices.map((choice) => {
          const { icon: Icon, title, detail } = CHOICES[choice];
          return (
            <RadioCard
              key={choice}
              id={`payment-${choice}`}
              value={choice}
              title={title}
              detail={detail}
              icon={<Icon aria-hidden className="size-5 shrink-0 text-primary" />}
              className="p-4"
            />
          );
        })}
      </RadioGroup>
      {!cardOffered && cardMissing && <p className="text-xs text-muted-foreground">{cardMissing}</p>}
    </div>
  );
}

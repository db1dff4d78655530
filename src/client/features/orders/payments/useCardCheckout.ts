import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import type { OrderView } from '@shared/orders/schemas.js';
import { PAYMENT_MESSAGES, type CardIntentInput } from '@shared/payments/schemas.js';
import { notifyError } from '@/lib/toast.js';
import { payByCard } from './cardCheckout.js';
import type { CardStage } from './paymentFailure.js';
import { loadPaystack } from './paystack.js';
import { createCardIntent, verifyCardPayment } from './paymentsApi.js';

/**
 * The card checkout of the checkout page: `pay` runs one payment at a time (a second tap while
 * one runs does nothing), `stage` says where it is. A cancelled popup keeps the cart and says
 * 'Payment cancelled'; failures are 'Error' toasts with PAYMENT_MESSAGES' texts, and `onFailed`
 * hears what failed (the server's refusal of the checkout, say).
 */
export function useCardCheckout(scriptUrl: string, onPlaced: (order: OrderView) => void, onFailed?: (cause: unknown) => void) {
  const [stage, setStage] = useState<CardStage | null>(null);
  const running = useRef(false);
  const payment = useMutation({
    mutationFn: (input: CardIntentInput) =>
      payByCard(input, {
        createIntent: createCardIntent,
        loadPaystack: () => loadPaystack(scriptUrl),
        verify: verifyCardPayment,
        onStage: setStage,
      }),
    onSuccess: (result) => {
      if (result.placed) onPlaced(result.order);
      else toast(PAYMENT_MESSAGES.cancelled, { description: 'Your cart is still here when you are ready.' });
    },
    onError: (error) => {
      notifyError(error.message);
      onFailed?.(error.cause);
    },
    onSettled: () => {
      running.current = false;
      setStage(null);
    },
  });

  function pay(input: CardIntentInput) {
    if (running.current) return;
    running.current = true;
    payment.mutate(input);
  }

  return { pay, stage };
}

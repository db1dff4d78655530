import { useMutation } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { REORDER_MESSAGES, type Reorder } from '@shared/orders/reorder.js';
import type { OrderView } from '@shared/orders/schemas.js';
import type { Cart } from '@/components/cart/cart.js';
import { cartStore, useCart } from '@/components/cart/useCart.js';
import { Button } from '@/components/ui/button.js';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.js';
import { errorMessage } from '@/lib/apiError.js';
import { cartOfReorder, fetchReorder, type OrderAgainState } from './reorderApi.js';

const CHECKOUT_PATH = '/customer/checkout';

/**
 * 'Order again' on a finished order: the order rebuilt against today's menu fills the cart (after
 * asking, when the cart holds something already), then the checkout opens naming what is gone.
 */
export function OrderAgainButton({ order }: { order: Pick<OrderView, 'id' | 'restaurantName'> }) {
  const navigate = useNavigate();
  const { adopt } = useCart();
  const [waiting, setWaiting] = useState<{ cart: Cart; missing: string[] } | null>(null);

  function fill(cart: Cart, missing: string[]) {
    adopt(cart);
    const state: OrderAgainState = { orderAgainMissing: missing };
    void navigate(CHECKOUT_PATH, { state });
  }

  function onRebuilt(reorder: Reorder) {
    if (!reorder.restaurantActive) return toast.error(REORDER_MESSAGES.restaurantGone(reorder.restaurant.name));
    const cart = cartOfReorder(reorder);
    if (!cart) return toast.error(REORDER_MESSAGES.nothingLeft, { description: REORDER_MESSAGES.missing(reorder.missing) });
    if (cartStore.get()) setWaiting({ cart, missing: reorder.missing });
    else fill(cart, reorder.missing);
  }

  const rebuild = useMutation({
    mutationFn: () => fetchReorder(order.id),
    onSuccess: onRebuilt,
    onError: (error) => toast.error(errorMessage(error, REORDER_MESSAGES.failed)),
  });

  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="min-h-11"
        busy={rebuild.isPending}
        onClick={() => rebuild.mutate()}
        aria-label={`${REORDER_MESSAGES.action} from ${order.restaurantName}`}
      >
        <RotateCcw aria-hidden />
        {REORDER_MESSAGES.action}
      </Button>
      <ConfirmDialog
        open={waiting !== null}
        onClose={() => setWaiting(null)}
        title={REORDER_MESSAGES.replaceTitle}
        description={REORDER_MESSAGES.replaceDescription(order.restaurantName)}
        cancelLabel="Keep current cart"
        confirmLabel="Replace cart"
        onConfirm={() => {
          if (waiting) fill(waiting.cart, waiting.missing);
          setWaiting(null);
        }}
      />
    </>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { OrderStatus } from '@shared/orders/status.js';
import type { KitchenOrderView } from '@shared/orders/views.js';
import { Button } from '@/components/ui/button.js';
import { errorMessage } from '@/lib/apiError.js';
import { notifySuccess } from '@/lib/toast.js';
import { useFocusKept } from '@/lib/useFocusKept.js';
import { useOneAtATime } from '@/lib/useOneAtATime.js';
import { CancelOrderDialog } from '../CancelOrderDialog.js';
import { applyBoardMove } from './boardCache.js';
import { kitchenActions, movedToast, type KitchenAction } from './kitchenActions.js';
import { kitchenBoardKey, moveOrder } from './kitchenApi.js';

const MOVE_FAILED = 'Failed to update order status';

function CancelOrder({
  order,
  action,
  busy,
  disabled,
  onConfirm,
}: {
  order: KitchenOrderView;
  action: KitchenAction;
  busy: boolean;
  disabled: boolean;
  onConfirm: () => void;
}) {
  return (
    <CancelOrderDialog
      order={order}
      told={`${order.customerName} is told that the order was cancelled`}
      trigger={
        <Button variant={action.variant} size="lg" busy={busy} disabled={disabled}>
          {action.label}
        </Button>
      }
      onConfirm={onConfirm}
    />
  );
}

/** The card's next moves (the kitchen's moves of TRANSITIONS, shared/orders/status.ts). A refused move says why and refetches the board, which shows where the order really is. */
export function OrderActions({ order, restaurantId }: { order: KitchenOrderView; restaurantId: string }) {
  const queryClient = useQueryClient();
  const move = useMutation({
    mutationFn: (to: OrderStatus) => moveOrder(order.id, to),
    onSuccess: (moved) => {
      applyBoardMove(queryClient, restaurantId, moved.id, moved.status);
      const { tone, title, description } = movedToast(moved);
      if (tone === 'warning') toast.warning(title, { description });
      else notifySuccess(title, description);
    },
    onError: (error) => {
      toast.error(MOVE_FAILED, { description: errorMessage(error, 'Please try again.') });
      void queryClient.invalidateQueries({ queryKey: kitchenBoardKey(restaurantId) });
    },
  });

  const sendOnce = useOneAtATime(move);
  const { group, noteFocus } = useFocusKept<HTMLDivElement>(move.isPending);
  const send = (to: OrderStatus) => {
    noteFocus();
    sendOnce(to);
  };

  const actions = kitchenActions(order.status);
  if (actions.length === 0) return null;
  const busyWith = move.isPending ? move.variables : null;

  return (
    <div ref={group} className="grid gap-2 sm:flex sm:flex-wrap [&>button]:sm:flex-1">
      {actions.map((action) =>
        action.needsConfirmation ? (
          <CancelOrder
            key={action.to}
            order={order}
            action={action}
            busy={busyWith === action.to}
            disabled={move.isPending}
            onConfirm={() => send(action.to)}
          />
        ) : (
          <Button
            key={action.to}
            variant={action.variant}
            size="lg"
            busy={busyWith === action.to}
            disabled={move.isPending}
            onClick={() => send(action.to)}
          >
            {action.label}
          </Button>
        ),
      )}
    </div>
  );
}

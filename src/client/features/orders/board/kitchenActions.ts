import { DISPATCH_MESSAGES } from '@shared/drivers/schemas.js';
import { canTransition, type OrderStatus } from '@shared/orders/status.js';
import type { OrderMoved } from '@shared/orders/views.js';

export interface KitchenAction {
  to: OrderStatus;
  label: string;
  /** Cancelling cannot be undone, so it is asked again in a dialog. */
  needsConfirmation: boolean;
  variant: 'default' | 'outline';
}

/** The kitchen's buttons (its moves of TRANSITIONS, shared/orders/status.ts), in the order they are shown: the way forward first, then 'Cancel'. */
const ACTIONS: readonly KitchenAction[] = [
  { to: 'confirmed', label: 'Confirm Order', needsConfirmation: false, variant: 'default' },
  { to: 'preparing', label: 'Start Preparing', needsConfirmation: false, variant: 'default' },
  { to: 'ready', label: 'Mark Ready', needsConfirmation: false, variant: 'default' },
  { to: 'cancelled', label: 'Cancel', needsConfirmation: true, variant: 'outline' },
];

/** What the kitchen can do next with an order in this status: the moves the status machine gives the restaurant role. */
export const kitchenActions = (status: OrderStatus): KitchenAction[] =>
  ACTIONS.filter(({ to }) => canTransition(status, to, 'restaurant'));

export interface MovedToast {
  /** 'warning' when the order is left waiting: the kitchen should notice nobody is coming yet. */
  tone: 'success' | 'warning';
  title: string;
  description: string;
}

/**
 * The toast after a move. 'Mark Ready' answers with what dispatch did: 'Offered to a Driver'
 * with who has how long to accept, or 'No Driver Available', telling the kitchen that the
 * operations team has been alerted (they see it live and may assign the order by hand, decision 031).
 */
export function movedToast(moved: OrderMoved): MovedToast {
  if (moved.dispatch?.offered) {
    return {
      tone: 'success',
      title: DISPATCH_MESSAGES.offered,
      description: DISPATCH_MESSAGES.offeredDescription(moved.dispatch.driverName, moved.dispatch.seconds),
    };
  }
  if (moved.dispatch)
    return { tone: 'warning', title: DISPATCH_MESSAGES.noDriver, description: DISPATCH_MESSAGES.noDriverDescription };
  return {
    tone: 'success',
    title: moved.status === 'ready' ? 'Order Marked Ready' : 'Order Updated',
    description: `Order ${moved.shortId} is now ${moved.statusLabel}.`,
  };
}

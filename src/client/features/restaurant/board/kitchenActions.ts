import { canTransition, type OrderStatus } from '@shared/orders/status.js';

export interface KitchenAction {
  to: OrderStatus;
  label: string;
  /** Cancelling cannot be undone, so it is asked again in a dialog. */
  needsConfirmation: boolean;
  variant: 'default' | 'outline';
}

/** The kitchen's buttons (SPEC section 4), in the order they are shown: the way forward first, then 'Cancel'. */
const ACTIONS: readonly KitchenAction[] = [
  { to: 'confirmed', label: 'Confirm Order', needsConfirmation: false, variant: 'default' },
  { to: 'preparing', label: 'Start Preparing', needsConfirmation: false, variant: 'default' },
  { to: 'ready', label: 'Mark Ready', needsConfirmation: false, variant: 'default' },
  { to: 'cancelled', label: 'Cancel', needsConfirmation: true, variant: 'outline' },
];

/** What the kitchen can do next with an order in this status: the moves the status machine gives the restaurant role. */
export const kitchenActions = (status: OrderStatus): KitchenAction[] =>
  ACTIONS.filter(({ to }) => canTransition(status, to, 'restaurant'));

/** The success toast of a move: 'Order Marked Ready' for ready (until dispatch answers with its result), else 'Order Updated'. */
export const movedTitle = (to: OrderStatus) => (to === 'ready' ? 'Order Marked Ready' : 'Order Updated');

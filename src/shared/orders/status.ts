import type { Role } from '../auth/roles.js';

export const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'preparing',
  'ready',
  'accepted',
  'picked_up',
  'delivered',
  'cancelled',
  'customer_unavailable',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

type Actor = Extract<Role, 'restaurant' | 'manager' | 'driver' | 'admin'>;

/**
 * Every allowed move, and which role may make it. Anything not listed is refused. Whose order it
 * must be (the kitchen of its restaurant, its own driver, a verified driver for a ready order
 * nobody has taken) is the server's policy. Managers make no moves: they see sales only.
 */
export const TRANSITIONS: Record<OrderStatus, Partial<Record<OrderStatus, readonly Actor[]>>> = {
  pending: { confirmed: ['restaurant', 'admin'], cancelled: ['restaurant', 'admin'] },
  confirmed: { preparing: ['restaurant', 'admin'], cancelled: ['restaurant', 'admin'] },
  // Support (admins) may still cancel an order until the driver has picked the food up.
  preparing: { ready: ['restaurant', 'admin'], cancelled: ['admin'] },
  ready: { accepted: ['driver'], cancelled: ['admin'] },
  // Back to ready is the driver declining: the order waits for another driver (isDecline).
  accepted: { picked_up: ['driver'], ready: ['driver'], cancelled: ['admin'] },
  // Not available: the driver waited at the door for the customer in vain (notAvailable.ts, decision 030).
  picked_up: { delivered: ['driver'], customer_unavailable: ['driver'] },
  delivered: {},
  cancelled: {},
  customer_unavailable: {},
};

/** The driver gives back an order they were given or took, before picking it up. */
export const isDecline = (from: OrderStatus, to: OrderStatus) => from === 'accepted' && to === 'ready';

/**
 * Moves that need proof besides the actor: delivering needs the code the customer gives the
 * driver; closing as not available, the ended wait and the photo of the door.
 */
const PROOF_NEEDED: readonly OrderStatus[] = ['delivered', 'customer_unavailable'];
export const needsProof = (to: OrderStatus) => PROOF_NEEDED.includes(to);

/** Whether the machine has this move at all, whoever makes it. */
export const isTransition = (from: OrderStatus, to: OrderStatus): boolean => TRANSITIONS[from][to] !== undefined;

export function canTransition(from: OrderStatus, to: OrderStatus, role: Role): boolean {
  return (TRANSITIONS[from][to] as readonly Role[] | undefined)?.includes(role) ?? false;
}

/** The statuses an order ends in: nobody has work on it any more. */
const FINAL_STATUSES = ['delivered', 'cancelled', 'customer_unavailable'] as const satisfies readonly OrderStatus[];

/** Orders the kitchen or driver still has work on. */
export const isActive = (status: OrderStatus) => !(FINAL_STATUSES as readonly OrderStatus[]).includes(status);

/** The statuses isActive holds for, in the order an order goes through them: what the admin overview counts as waiting. */
export const IN_PROGRESS_STATUSES = [
  'pending',
  'confirmed',
  'preparing',
  'ready',
  'accepted',
  'picked_up',
] as const satisfies readonly OrderStatus[];
export type InProgressStatus = (typeof IN_PROGRESS_STATUSES)[number];

/** The statuses in which an order has a driver on the way: the driver's deliveries, whom the customer follows, and why a driver is busy. */
export const ON_THE_ROAD: readonly OrderStatus[] = ['accepted', 'picked_up'];
export const isOnTheRoad = (status: OrderStatus) => ON_THE_ROAD.includes(status);

/** The customer sees the delivery code while the food is on its way to them. */
const CODE_VISIBLE_STATUSES: readonly OrderStatus[] = ['confirmed', 'preparing', 'ready', 'accepted', 'picked_up'];
export const isCodeVisible = (status: OrderStatus) => CODE_VISIBLE_STATUSES.includes(status);

export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  preparing: 'Preparing',
  ready: 'Ready',
  accepted: 'En Route to Restaurant',
  picked_up: 'Out for Delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  customer_unavailable: 'Customer not available',
};

export type BadgeVariant = 'destructive' | 'secondary' | 'default';
export const statusBadgeVariant = (status: OrderStatus): BadgeVariant =>
  status === 'cancelled' || status === 'customer_unavailable' ? 'destructive' : status === 'pending' ? 'secondary' : 'default';

import { and, eq } from 'drizzle-orm';
import type { Role } from '@shared/auth/roles.js';
import { NOTIFICATION_KINDS, type NotificationKind } from '@shared/notifications/kinds.js';
import { mayClose, mayReassign, mayTakeBack, type CloseOutcome } from '@shared/orders/closures.js';
import { canTransition, isTransition, type OrderStatus } from '@shared/orders/status.js';
import { parseTopic } from '@shared/realtime/events.js';
import { isPrivateBucket, type Bucket } from '@shared/storage/buckets.js';
import type { Queryable } from './db/client.js';
import { drivers, orders, restaurantMembers, restaurants } from './db/schema.js';
import type { AuthUser } from './core/identity.js';

/**
 * The one place that answers "may this user do this to this object", for HTTP and realtime
 * alike. Routes keep no role lists: they ask a question here. Which role may make which order
 * move is the status machine's table (shared/orders/status.ts); whose object it is, is decided
 * here.
 */

export const isAdmin = (user: AuthUser | null) => user?.role === 'admin';

async function ownsRestaurant(db: Queryable, user: AuthUser, restaurantId: string): Promise<boolean> {
  if (user.role !== 'restaurant') return false;
  const [row] = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(and(eq(restaurants.id, restaurantId), eq(restaurants.ownerId, user.userId)))
    .limit(1);
  return Boolean(row);
}

async function managesSalesOf(db: Queryable, user: AuthUser, restaurantId: string): Promise<boolean> {
  if (user.role !== 'manager') return false;
  const [row] = await db
    .select({ id: restaurantMembers.restaurantId })
    .from(restaurantMembers)
    .where(and(eq(restaurantMembers.restaurantId, restaurantId), eq(restaurantMembers.userId, user.userId)))
    .limit(1);
  return Boolean(row);
}

/** Who runs a restaurant's kitchen (its orders and menu): its owner, and admins. */
export async function runsKitchen(db: Queryable, user: AuthUser, restaurantId: string): Promise<boolean> {
  return isAdmin(user) || ownsRestaurant(db, user, restaurantId);
}

/** Who may keep menus at all (which restaurant's, runsKitchen answers); managers see sales only. */
export const keepsMenus = (user: AuthUser) => user.role === 'restaurant' || isAdmin(user);

/** Who sees a restaurant's sales: its owner, its managers (managers see sales only), and admins. */
export async function seesSales(db: Queryable, user: AuthUser, restaurantId: string): Promise<boolean> {
  return isAdmin(user) || (await ownsRestaurant(db, user, restaurantId)) || managesSalesOf(db, user, restaurantId);
}

async function isVerifiedDriver(db: Queryable, user: AuthUser): Promise<boolean> {
  if (user.role !== 'driver') return false;
  const [row] = await db.select({ verified: drivers.isVerified }).from(drivers).where(eq(drivers.userId, user.userId)).limit(1);
  return row?.verified === true;
}

/**
 * How to refuse someone a restaurant's kitchen or sales. Owners (and, for sales, managers) hold
 * restaurants of their own: to them another one's id answers as if it did not exist (404).
 * Every other role may never look, whatever the id (403).
 */
export function refusalForRestaurant(user: AuthUser, part: 'kitchen' | 'sales'): 'notFound' | 'forbidden' {
  const holdsSuch = user.role === 'restaurant' || (part === 'sales' && user.role === 'manager');
  return holdsSuch ? 'notFound' : 'forbidden';
}

/** Who owns a restaurant (one at most) and may set one up. */
export const ownsRestaurants = (user: AuthUser) => user.role === 'restaurant';

/** Who has restaurants of their own work to open the sales page for: owners and managers. */
export const worksForRestaurants = (user: AuthUser) => user.role === 'restaurant' || user.role === 'manager';

/** Who may accept an invitation to manage a restaurant: manager accounts (one role per account). */
export const acceptsManagerInvitations = (user: AuthUser) => user.role === 'manager';

/** Who places orders (checkout) and keeps a list of their own. */
/** Whether the user's role receives a kind of message, so may turn it on or off. */
export const receivesNotification = (user: AuthUser, kind: NotificationKind) => user.role === NOTIFICATION_KINDS[kind].role;

export const mayPlaceOrders = (user: AuthUser) => user.role === 'customer';

/** Who keeps saved delivery places ('Home', 'Office'): customers, each only their own. */
export const keepsSavedPlaces = (user: AuthUser) => user.role === 'customer';

/** Who rates orders (decision 027): customers, each only their own delivered ones. */
export const ratesOrders = (user: AuthUser) => user.role === 'customer';

/** Who reads a restaurant's reviews: whoever sees its sales (its owner, its managers, admins). */
export const readsReviews = (db: Queryable, user: AuthUser, restaurantId: string) => seesSales(db, user, restaurantId);

/**
 * Who answers a restaurant's reviews, once each: its owner alone, in the restaurant's voice; its
 * managers see sales only and read them, admins moderate them. Refused as refusalForRestaurant(user, 'kitchen') says.
 */
export const repliesToReviews = (db: Queryable, user: AuthUser, restaurantId: string) => ownsRestaurant(db, user, restaurantId);

/** Who hides an abusive review, and shows it again: admins. */
export const moderatesReviews = (user: AuthUser) => isAdmin(user);

/** Who may look for ready orders waiting for a driver. */
export const mayFindDeliveries = (db: Queryable, user: AuthUser) => isVerifiedDriver(db, user);

/** Who has deliveries of their own to list. */
export const makesDeliveries = (user: AuthUser) => user.role === 'driver';

/**
 * Who keeps a driver's row (their status and the positions they send): drivers, each only their
 * own, verified or not (only availability and orders wait for verification).
 */
export const keepsDriverRow = (user: AuthUser, driverId: string = user.userId) =>
  user.role === 'driver' && user.userId === driverId;

/** Who may have push messages sent to their devices: anyone signed in; each message decides whom it tells (orders/pushes.ts). */
export const keepsPushDevices = (_user: AuthUser) => true;

/** Who oversees every order on the platform. */
export const oversees = (user: AuthUser) => isAdmin(user);

/** Who follows the live operations view (waiting orders, riders online) and steers it: admins. */
export const runsOperations = (user: AuthUser) => isAdmin(user);

/** Who reads the platform's books (the ledger's check and every account's balance): admins. */
export const keepsBooks = (user: AuthUser) => isAdmin(user);

/** Who keeps a payout account of their own (banks, resolving): restaurant owners and riders. Managers see sales only. */
export const keepsPayoutAccount = (user: AuthUser) => user.role === 'restaurant' || user.role === 'driver';

/**
 * Who reads and changes a restaurant's payout account, where its money goes: its owner alone, not
 * its managers nor admins. Refused as refusalForRestaurant(user, 'kitchen') says.
 */
export const keepsRestaurantPayoutAccount = (db: Queryable, user: AuthUser, restaurantId: string) =>
  ownsRestaurant(db, user, restaurantId);

/** Who keeps a rider's payout account: the rider, verified or not, only their own. */
export const keepsRiderPayoutAccount = (user: AuthUser) => user.role === 'driver';

/** Who pays restaurants and riders what they are owed through Paystack, and sees its balance: admins. */
export const paysOut = (user: AuthUser) => isAdmin(user);

/** Who records the cash riders hand in, and reads any rider's hand-ins and cash held: admins. */
export const recordsCashHandIns = (user: AuthUser) => isAdmin(user);

/** Who may bring an order to an end by hand or give it to another driver: support, that is admins. */
const closesOrders = (user: AuthUser) => isAdmin(user);

/** Who decides whether a card payment of an order whose customer was not available is refunded or kept: support, that is admins. */
export const decidesPayments = (user: AuthUser) => isAdmin(user);

/** Who may unlock a delivery code locked after too many wrong attempts: support, that is admins. */
export const unlocksDeliveryCodes = (user: AuthUser) => isAdmin(user);

export interface OrderParties {
  customerId: string;
  restaurantId: string;
  driverId: string | null;
  status: OrderStatus;
}

const waitsForThisDriver = async (db: Queryable, user: AuthUser, order: OrderParties) =>
  order.status === 'ready' && order.driverId === null && (await isVerifiedDriver(db, user));

/**
 * In whose eyes this user sees an order, which decides the view they get (shared/orders/views.ts):
 * its customer, its kitchen (the owner), its sales (the restaurant's managers), its own driver,
 * a verified driver while it waits for one, or an admin. Null: to them it does not exist.
 */
export type OrderAudience = 'customer' | 'kitchen' | 'sales' | 'driver' | 'waitingDriver' | 'admin';

export async function orderAudience(db: Queryable, user: AuthUser, order: OrderParties): Promise<OrderAudience | null> {
  if (isAdmin(user)) return 'admin';
  switch (user.role) {
    case 'customer':
      return order.customerId === user.userId ? 'customer' : null;
    case 'driver':
      if (order.driverId === user.userId) return 'driver';
      return (await waitsForThisDriver(db, user, order)) ? 'waitingDriver' : null;
    case 'restaurant':
      return (await ownsRestaurant(db, user, order.restaurantId)) ? 'kitchen' : null;
    case 'manager':
      return (await managesSalesOf(db, user, order.restaurantId)) ? 'sales' : null;
    default:
      return null;
  }
}

/** The delivery code proves receipt, so only the order's own customer may ever see it. */
export function mayReadDeliveryCode(user: AuthUser, order: Pick<OrderParties, 'customerId'>): boolean {
  return user.role === 'customer' && order.customerId === user.userId;
}

/** The answer to "may this user move this order to `to`", in the words the command turns into a status. */
export type MoveVerdict =
  /** They may not see the order at all (404). */
  | 'hidden'
  /** The order is already there (409). */
  | 'already'
  /** A driver came to accept an order another driver took first (409). */
  | 'taken'
  /** The status machine has no such move (422). */
  | 'impossible'
  /** They see the order but may not make this move (403). */
  | 'forbidden'
  | 'allowed';

/** Whether this user holds, on this order, the part the machine's table gives their role for this move. */
async function playsPart(db: Queryable, user: AuthUser & { role: Role }, order: OrderParties, to: OrderStatus) {
  switch (user.role) {
    case 'admin':
      return true;
    case 'restaurant':
      return ownsRestaurant(db, user, order.restaurantId);
    case 'driver':
      return to === 'accepted' ? waitsForThisDriver(db, user, order) : order.driverId === user.userId;
    default:
      return false;
  }
}

/** A verified driver accepting an order that another driver has taken: they lost a race, the order is not secret. */
const cameTooLate = async (db: Queryable, user: AuthUser, order: OrderParties, to: OrderStatus) =>
  to === 'accepted' && order.driverId !== null && order.driverId !== user.userId && (await isVerifiedDriver(db, user));

/** The one answer for every order move: kitchen, driver, admin. */
export async function judgeOrderMove(db: Queryable, user: AuthUser, order: OrderParties, to: OrderStatus): Promise<MoveVerdict> {
  if (!(await orderAudience(db, user, order))) return (await cameTooLate(db, user, order, to)) ? 'taken' : 'hidden';
  if (order.status === to) return 'already';
  if (!isTransition(order.status, to)) return 'impossible';
  const role = user.role;
  if (!role || !canTransition(order.status, to, role)) return 'forbidden';
  return (await playsPart(db, { ...user, role }, order, to)) ? 'allowed' : 'forbidden';
}

/**
 * Support bringing an order to an end by hand (shared/orders/closures.ts): an admin may close any
 * unfinished order as delivered or cancelled, whoever its driver is and whatever state their
 * account is in; 409 when it is already there, 422 once it is finished otherwise.
 */
export function judgeClosure(user: AuthUser, order: OrderParties, to: CloseOutcome): MoveVerdict {
  if (!closesOrders(user)) return 'forbidden';
  if (order.status === to) return 'already';
  return mayClose(order.status) ? 'allowed' : 'impossible';
}

/** Support giving an order to another driver: admins, for an order with a driver on the road or a ready one without. */
export function judgeReassign(user: AuthUser, order: OrderParties, driverId: string): MoveVerdict {
  if (!closesOrders(user)) return 'forbidden';
  if (order.driverId === driverId) return 'already';
  return mayReassign(order) ? 'allowed' : 'impossible';
}

/**
 * Support taking an order back from its rider: admins, for an accepted order before pickup; 409
 * when it already waits for a rider, 422 otherwise (picked_up has its own message, see takeBack.ts).
 */
export function judgeTakeBack(user: AuthUser, order: OrderParties): MoveVerdict {
  if (!runsOperations(user)) return 'forbidden';
  if (order.status === 'ready' && order.driverId === null) return 'already';
  return mayTakeBack(order) ? 'allowed' : 'impossible';
}

/** Who an order belongs to and where it stands: what the policy needs to judge a read or a move. */
export async function findOrderParties(db: Queryable, orderId: string) {
  const [row] = await db
    .select({
      customerId: orders.customerId,
      restaurantId: orders.restaurantId,
      driverId: orders.driverId,
      status: orders.status,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}

/** Whether this user sees the order as its customer: order:<id> carries the driver's position, for them alone. */
async function followsAsCustomer(db: Queryable, user: AuthUser, orderId: string): Promise<boolean> {
  const order = await findOrderParties(db, orderId);
  return order !== undefined && (await orderAudience(db, user, order)) === 'customer';
}

/**
 * Who may follow a realtime topic (see shared/realtime/events.ts). Anything that is not a
 * topic, or names an id that is not a uuid, is simply refused.
 */
export async function maySubscribe(db: Queryable, user: AuthUser, topic: string): Promise<boolean> {
  const parsed = parseTopic(topic);
  if (!parsed) return false;
  if (isAdmin(user)) return true;
  switch (parsed.kind) {
    case 'restaurant':
      return seesSales(db, user, parsed.id);
    case 'ordersReady':
      return mayFindDeliveries(db, user);
    case 'driver':
      return makesDeliveries(user) && parsed.id === user.userId;
    case 'order':
      return followsAsCustomer(db, user, parsed.id);
    case 'catalog':
      return true;
    case 'allOrders':
      return oversees(user);
    case 'operations':
      return runsOperations(user);
    case 'payouts':
      return paysOut(user);
  }
}

/** Who may upload into each bucket: documents are the drivers' own, food pictures the kitchens'. */
const UPLOADERS: Record<Bucket, readonly Role[] | 'any'> = {
  'profile-pictures': 'any',
  'food-images': ['restaurant', 'admin'],
  'driver-licenses': ['driver', 'admin'],
  'national-ids': ['driver', 'admin'],
  'vehicle-images': ['driver', 'admin'],
  // Only through the not-available close (orders/notAvailable.ts), never on their own.
  'door-photos': [],
};

export function mayUploadTo(role: Role | null, bucket: Bucket): boolean {
  const allowed = UPLOADERS[bucket];
  return allowed === 'any' || (role !== null && allowed.includes(role));
}

/** A restaurant's folder of food pictures is filled by whoever runs its kitchen. */
export const mayUploadToRestaurantFolder = (db: Queryable, user: AuthUser, restaurantId: string) =>
  runsKitchen(db, user, restaurantId);

/** Public buckets are readable by anyone; driver documents by their uploader and admins. */
export function mayReadUpload(user: AuthUser | null, bucket: Bucket, ownerId: string | null): boolean {
  if (!isPrivateBucket(bucket)) return true;
  if (!user) return false;
  return isAdmin(user) || (ownerId !== null && ownerId === user.userId);
}

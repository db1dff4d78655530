import type { OrderDriver } from '@shared/drivers/schemas.js';
import { expectedArrival } from '@shared/orders/arrival.js';
import { shortOrderId, type OrderLine, type OrderView } from '@shared/orders/schemas.js';
import { STATUS_LABELS, isCodeVisible, isOnTheRoad } from '@shared/orders/status.js';
import type { AdminOrderView, AvailableOrderView, DeliveryView, KitchenOrderView, SalesOrderView } from '@shared/orders/views.js';
import { mayReadDeliveryCode } from '../policy.js';
import { signFileUrl } from '../storage/urls.js';
import { toRatingState } from '../ratings/views.js';
import type { AuthUser } from '../core/identity.js';
import type { AdminOrderRow } from './adminSearchRepository.js';
import type { ListedOrderRow, OrderRow } from './listsRepository.js';
import type { OrderDriverRow, OrderLineRow } from './viewsRepository.js';

/** The customer's view of their driver: the first name only, the vehicle to look out for, the last position. */
const toOrderDriver = (driver: OrderDriverRow): OrderDriver => ({
  firstName: driver.fullName.trim().split(/\s+/)[0] ?? '',
  vehicleType: driver.vehicleType,
  vehicleModel: driver.vehicleModel,
  plateNumber: driver.plateNumber,
  latitude: driver.latitude,
  longitude: driver.longitude,
  lastLocationUpdate: driver.lastLocationUpdate?.toISOString() ?? null,
});

/** The rider's wait at the door, while the order is out for delivery and one was started. */
const doorWaitOf = (row: Pick<OrderRow, 'status' | 'waitStartedAt' | 'waitEndsAt'>) =>
  row.status === 'picked_up' && row.waitStartedAt && row.waitEndsAt
    ? { startedAt: row.waitStartedAt.toISOString(), endsAt: row.waitEndsAt.toISOString() }
    : null;

/**
 * The door photo through a link signed for a viewer already authorised to see the order (its
 * customer, admins): an <img> cannot send the bearer token. Null without a photo or a secret.
 */
const doorPhotoOf = (row: Pick<OrderRow, 'doorPhotoUrl'>, fileSecret: string | undefined) =>
  row.doorPhotoUrl && fileSecret ? signFileUrl(fileSecret, row.doorPhotoUrl) : null;

/**
 * Shapes an order for one viewer: the delivery code only reaches the order's customer, and only
 * while it is needed; the driver (the order's own, when it has one) only while on the way. The
 * expected arrival is timed at the riders' `averageSpeedKmh` (DELIVERY_AVERAGE_SPEED_KMH).
 */
export function toOrderView(
  row: OrderRow & Partial<Pick<ListedOrderRow, 'ratingGiven' | 'ratingOpenUntil'>>,
  lines: OrderLine[],
  viewer: AuthUser,
  averageSpeedKmh: number,
  driver?: OrderDriverRow,
  fileSecret?: string,
): OrderView {
  return {
    id: row.id,
    shortId: shortOrderId(row.id),
    restaurantId: row.restaurantId,
    restaurantName: row.restaurantName,
    status: row.status,
    statusLabel: STATUS_LABELS[row.status],
    items: lines,
    subtotalAmount: row.totalAmount,
    deliveryFee: row.deliveryFee,
    tipAmount: row.tipAmount,
    totalAmount: chargeOf(row),
    currencySymbol: row.currencySymbol,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    deliveryAddress: row.deliveryAddress,
    deliveryPhone: row.deliveryPhone,
    deliveryLatitude: row.deliveryLatitude,
    deliveryLongitude: row.deliveryLongitude,
    deliveryLandmark: row.deliveryLandmark,
    deliveryGpsCode: row.deliveryGpsCode,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    deliveryCode: mayReadDeliveryCode(viewer, row) && isCodeVisible(row.status) ? row.deliveryCode : null,
    driver: driver && isOnTheRoad(row.status) && driver.userId === row.driverId ? toOrderDriver(driver) : null,
    cancelReason: row.status === 'cancelled' ? row.closedReason : null,
    expectedArrival: expectedArrival({ ...row, placedAt: row.createdAt }, averageSpeedKmh)?.toISOString() ?? null,
    doorWait: doorWaitOf(row),
    doorPhotoUrl: doorPhotoOf(row, fileSecret),
    rating: toRatingState(row),
  };
}

/** What every list row has; the admin's has no item count. */
type ListedBase = Omit<ListedOrderRow, 'itemCount'>;

/** What the customer pays (decision 022): the food, the delivery fee and the tip; a driver collects it for a cash order. */
const chargeOf = (row: Pick<ListedBase, 'totalAmount' | 'deliveryFee' | 'tipAmount'>) =>
  row.totalAmount + row.deliveryFee + row.tipAmount;

/** What the rider earns for delivering it: the delivery fee less the platform's share, and the whole tip. */
const riderEarningOf = (row: ListedBase) => row.deliveryFee - row.deliveryShare + row.tipAmount;

/** The money of an order for those who carry it: what the customer pays, and what the rider earns. */
const carried = (row: ListedBase) => ({ totalAmount: chargeOf(row), riderEarning: riderEarningOf(row) });

const header = (row: ListedBase) => ({
  id: row.id,
  shortId: shortOrderId(row.id),
  status: row.status,
  statusLabel: STATUS_LABELS[row.status],
  totalAmount: row.totalAmount,
  currencySymbol: row.currencySymbol,
  paymentMethod: row.paymentMethod,
  paymentStatus: row.paymentStatus,
  createdAt: row.createdAt.toISOString(),
});

const place = (row: ListedOrderRow) => ({
  restaurantName: row.restaurantName,
  restaurantAddress: row.restaurantAddress,
  restaurantLatitude: row.restaurantLatitude,
  restaurantLongitude: row.restaurantLongitude,
  deliveryAddress: row.deliveryAddress,
  deliveryLatitude: row.deliveryLatitude,
  deliveryLongitude: row.deliveryLongitude,
});

export const toKitchenView = (row: ListedOrderRow, lines: OrderLine[]): KitchenOrderView => ({
  ...header(row),
  customerName: row.customerName,
  items: lines,
  deliveryAddress: row.deliveryAddress,
  deliveryLandmark: row.deliveryLandmark,
  deliveryPhone: row.deliveryPhone,
  notes: row.notes,
  hasDriver: row.driverId !== null,
});

export const toSalesView = (row: ListedOrderRow, lines: OrderLine[]): SalesOrderView => ({
  ...header(row),
  items: lines,
  customerName: row.customerName,
  commissionAmount: row.commissionAmount,
  restaurantPayout: row.restaurantPayout,
});

/** A waiting order for a driver `distanceMeters` away from its restaurant (null when unknown), who may have `declined` it. */
export const toAvailableView = (
  row: ListedOrderRow,
  {
    distanceMeters,
    declined,
    offerSecondsLeft,
  }: { distanceMeters: number | null; declined: boolean; offerSecondsLeft: number | null },
): AvailableOrderView => ({
  ...header(row),
  ...place(row),
  ...carried(row),
  distanceMeters: distanceMeters === null ? null : Math.round(distanceMeters),
  itemCount: row.itemCount,
  declined,
  offerSecondsLeft,
});

export const toDeliveryView = (row: ListedOrderRow): DeliveryView => ({
  ...header(row),
  ...place(row),
  ...carried(row),
  customerName: row.customerName,
  deliveryPhone: row.deliveryPhone,
  deliveryLandmark: row.deliveryLandmark,
  deliveryGpsCode: row.deliveryGpsCode,
  notes: row.notes,
  itemCount: row.itemCount,
  codeLocked: row.codeLocked,
  doorWait: doorWaitOf(row),
});

/** An order for admins, with the names of the driver it has or had and of the admin who closed it by hand, and the door photo's signed link. */
export const toAdminView = (row: AdminOrderRow, lines: OrderLine[], fileSecret: string): AdminOrderView => ({
  ...header(row),
  items: lines,
  totalAmount: chargeOf(row),
  deliveryFee: row.deliveryFee,
  tipAmount: row.tipAmount,
  restaurantId: row.restaurantId,
  restaurantName: row.restaurantName,
  customerName: row.customerName,
  commissionAmount: row.commissionAmount,
  restaurantPayout: row.restaurantPayout,
  deliveryAddress: row.deliveryAddress,
  deliveryLandmark: row.deliveryLandmark,
  deliveryGpsCode: row.deliveryGpsCode,
  deliveryPhone: row.deliveryPhone,
  notes: row.notes,
  driverId: row.driverId,
  driverName: row.driverName,
  codeLocked: row.codeLocked,
  closedReason: row.closedReason,
  closedByName: row.closedByName,
  doorPhotoUrl: doorPhotoOf(row, fileSecret),
  paymentDecision: row.paymentDecision,
});

/** Groups line rows by order id. */
export function linesByOrder(rows: OrderLineRow[]): Map<string, OrderLine[]> {
  const byOrder = new Map<string, OrderLine[]>();
  for (const { orderId, ...line } of rows) {
    const lines = byOrder.get(orderId);
    if (lines) lines.push(line);
    else byOrder.set(orderId, [line]);
  }
  return byOrder;
}

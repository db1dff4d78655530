import { queryOptions } from '@tanstack/react-query';
import {
  driverStatusSchema,
  storedPositionSchema,
  type DeliveryCodeInput,
  type DriverPosition,
} from '@shared/drivers/schemas.js';
import { doorWaitSchema } from '@shared/orders/notAvailable.js';
import { availableOrderPageSchema, deliveryPageSchema, orderMovedSchema } from '@shared/orders/views.js';
import { UPLOAD_FIELD } from '@shared/storage/schemas.js';
import { api } from '@/lib/api.js';

/** Lost events (decision 006) are caught up with at least this often, even on a dashboard nobody touches. */
const DRIVER_REFETCH_MS = 60_000;

export const driverStatusKey = ['drivers', 'me'] as const;
export const availableOrdersKey = ['orders', 'available'] as const;
export const deliveriesKey = ['orders', 'deliveries'] as const;

/** The driver's own row: verified, available, last position. */
export const driverStatusQuery = () =>
  queryOptions({
    queryKey: driverStatusKey,
    queryFn: ({ signal }) => api('/api/drivers/me', { schema: driverStatusSchema, signal }),
  });

/** Ready orders nobody has taken, nearest restaurant first (verified drivers only: the server answers 403 otherwise). */
export const availableOrdersQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: availableOrdersKey,
    queryFn: ({ signal }) => api('/api/orders/available', { schema: availableOrderPageSchema, signal }),
    enabled,
    refetchInterval: DRIVER_REFETCH_MS,
  });

/** The driver's accepted and picked-up orders. */
export const deliveriesQuery = () =>
  queryOptions({
    queryKey: deliveriesKey,
    queryFn: ({ signal }) => api('/api/orders/deliveries', { schema: deliveryPageSchema, signal }),
    refetchInterval: DRIVER_REFETCH_MS,
  });

export const sendPosition = (position: DriverPosition) =>
  api('/api/drivers/me/location', { method: 'PUT', body: position, schema: storedPositionSchema });

export const setAvailability = (available: boolean) =>
  api('/api/drivers/me/availability', { method: 'PATCH', body: { available }, schema: driverStatusSchema });

/** Accepting and picking up; the server refuses (409, with its reason) an order taken by someone else or a driver who is busy. */
export const moveDelivery = (orderId: string, status: 'accepted' | 'picked_up') =>
  api(`/api/orders/${orderId}/status`, { method: 'PATCH', body: { status }, schema: orderMovedSchema });

/** Hands an accepted order back, to be offered to the next driver. */
export const declineOrder = (orderId: string) =>
  api(`/api/orders/${orderId}/decline`, { method: 'POST', schema: orderMovedSchema });

/** Completes the delivery with the customer's code: 422 for a wrong code, 409 or 423 once locked. */
export const completeDelivery = (orderId: string, input: DeliveryCodeInput) =>
  api(`/api/orders/${orderId}/deliver`, { method: 'POST', body: input, schema: orderMovedSchema });

/** Starts the wait at the door (decision 030): only at the delivery pin, once; the server answers when it ends. */
export const startDoorWait = (orderId: string) => api(`/api/orders/${orderId}/wait`, { method: 'POST', schema: doorWaitSchema });

/** Closes the delivery as 'Customer not available' with the photo of the door, once the wait is over. */
export function closeNotAvailable(orderId: string, photo: File) {
  const formData = new FormData();
  formData.append(UPLOAD_FIELD, photo);
  return api(`/api/orders/${orderId}/not-available`, { method: 'POST', formData, schema: orderMovedSchema });
}

import { shortOrderId } from '@shared/orders/schemas.js';
import type { AvailableOrderView, DeliveryView } from '@shared/orders/views.js';

/** A ready order as a rider's Available Orders list shows it, 1.2 km away, paid by card unless told otherwise. */
export const readyOrder = (
  id: string,
  paymentMethod: AvailableOrderView['paymentMethod'] = 'paystack-card',
): AvailableOrderView => ({
  id,
  shortId: shortOrderId(id),
  status: 'ready',
  statusLabel: 'Ready for Pickup',
  totalAmount: 4500,
  currencySymbol: 'GH₵',
  paymentMethod,
  paymentStatus: paymentMethod === 'cash' ? 'pending' : 'completed',
  createdAt: '2026-11-27T12:00:00.000Z',
  restaurantName: 'Osu Jollof House',
  restaurantAddress: '12 Oxford Street, Osu',
  restaurantLatitude: 5.556,
  restaurantLongitude: -0.182,
  deliveryAddress: '4 Ring Road, Accra',
  deliveryLatitude: 5.6037,
  deliveryLongitude: -0.187,
  riderEarning: 700,
  distanceMeters: 1200,
  itemCount: 2,
  declined: false,
  offerSecondsLeft: null,
});

/** A waiting order once a rider took it, as My Deliveries lists it: accepted unless `fields` say otherwise. */
export const carriedOrder = (
  { distanceMeters: _distance, declined: _declined, offerSecondsLeft: _left, ...order }: AvailableOrderView,
  fields: Partial<DeliveryView> = {},
): DeliveryView => ({
  ...order,
  status: 'accepted',
  statusLabel: 'En Route to Restaurant',
  customerName: 'Kofi Boateng',
  deliveryPhone: '+233 24 555 0101',
  deliveryLandmark: null,
  deliveryGpsCode: null,
  notes: null,
  codeLocked: false,
  doorWait: null,
  ...fields,
});

import { z } from 'zod';
import { CHECKOUT_MESSAGES, placeOrderSchema, type PlaceOrderInput } from '@shared/orders/schemas.js';
import type { CardIntentInput } from '@shared/payments/schemas.js';
import { orderItemsOf, type Cart } from '@/components/cart/cart.js';
import { ApiError } from '@/lib/apiError.js';
import type { LatLng } from '@/components/maps/geolocation.js';
import { checkPlaceLabel, placeToSaveShape } from '@/components/places/checkoutPlace.js';

const order = placeOrderSchema.shape;

/** The part of the order schema the customer types in: the same rules the server applies. */
export const deliveryDetailsSchema = z
  .object({
    deliveryAddress: order.deliveryAddress,
    deliveryPhone: order.deliveryPhone,
    notes: order.notes,
    deliveryLandmark: order.deliveryLandmark,
    deliveryGpsCode: order.deliveryGpsCode,
    ...placeToSaveShape,
  })
  .superRefine(checkPlaceLabel);
export type DeliveryDetailsInput = z.input<typeof deliveryDetailsSchema>;
export type DeliveryDetails = z.output<typeof deliveryDetailsSchema>;
export const DELIVERY_FIELDS = ['deliveryAddress', 'deliveryPhone', 'notes', 'deliveryLandmark', 'deliveryGpsCode'] as const;

/** What the customer agreed to pay beyond the food, minor units. */
export interface CheckoutCharges {
  tipAmount: number;
  /** The delivery fee they were shown: the server refuses the order (409) when its own price differs. */
  deliveryFee: number;
}

/**
 * This cart to this address, as both checkouts send it: ids and quantities only, prices are left
 * to the server; the tip, and the delivery fee shown, for the server to check against its own.
 */
export function checkoutDetails(
  cart: Cart,
  details: DeliveryDetails,
  location: LatLng | null,
  charges: CheckoutCharges,
): CardIntentInput {
  return {
    restaurantId: cart.restaurant.id,
    items: orderItemsOf(cart),
    deliveryAddress: details.deliveryAddress,
    deliveryPhone: details.deliveryPhone,
    notes: details.notes || null,
    deliveryLandmark: details.deliveryLandmark ?? null,
    deliveryGpsCode: details.deliveryGpsCode ?? null,
    deliveryLatitude: location?.latitude ?? null,
    deliveryLongitude: location?.longitude ?? null,
    tipAmount: charges.tipAmount,
    deliveryFee: charges.deliveryFee,
  };
}

/**
 * A cash order of this cart to this address. `orderId` is made once per checkout, so sending it
 * again after a lost reply cannot place a second order.
 */
export function cashOrderInput(
  orderId: string,
  cart: Cart,
  details: DeliveryDetails,
  location: LatLng | null,
  charges: CheckoutCharges,
): PlaceOrderInput {
  return { orderId, ...checkoutDetails(cart, details, location, charges), paymentMethod: 'cash' };
}

const EMPTY_FIELD_MESSAGES = {
  deliveryAddress: 'Please enter the delivery address',
  deliveryPhone: 'Please enter a phone number',
} as const;
type RequiredField = keyof typeof EMPTY_FIELD_MESSAGES;

type FieldErrors = Partial<Record<string, { message?: unknown }>>;

const isEmpty = (errors: FieldErrors, field: RequiredField) => errors[field]?.message === CHECKOUT_MESSAGES.missingDelivery;

/**
 * The line under the 'Missing information' toast, naming only the fields that are empty: 'address
 * and phone number' (ORDER_MESSAGES.missingDelivery) when both are, otherwise the one that is.
 * Undefined when neither is (the form was refused for another reason, said under its field).
 */
export function missingDeliveryMessage(errors: FieldErrors): string | undefined {
  const empty = (Object.keys(EMPTY_FIELD_MESSAGES) as RequiredField[]).filter((field) => isEmpty(errors, field));
  if (empty.length > 1) return CHECKOUT_MESSAGES.missingDelivery;
  return empty[0] && EMPTY_FIELD_MESSAGES[empty[0]];
}

/**
 * Whether a refused checkout may have been refused for what the delivery quote or the restaurant
 * said: the fee changed (409, DELIVERY_MESSAGES.feeChanged), the address is too far, the food
 * under the minimum or the restaurant not taking orders (422). The quote and the restaurant shown
 * are then fetched again; doing so after another conflict or business rule costs two requests.
 */
export const refusedForWhatIsShown = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 409 || error.status === 422);

/**
 * The line under the 'Error' toast of a refused order: 'Failed to place order', followed by the
 * server's reason when the order itself was refused (a 4xx, e.g. a dish no longer available).
 */
export function placeOrderFailure(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500)
    return `${CHECKOUT_MESSAGES.failed}. ${error.message}`;
  return CHECKOUT_MESSAGES.failed;
}

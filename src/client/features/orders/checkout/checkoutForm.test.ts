import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES, placeOrderSchema } from '@shared/orders/schemas.js';
import { cardIntentSchema } from '@shared/payments/schemas.js';
import type { Cart } from '@/components/cart/cart.js';
import { ApiError } from '@/lib/apiError.js';
import {
  cashOrderInput,
  checkoutDetails,
  deliveryDetailsSchema,
  missingDeliveryMessage,
  placeOrderFailure,
  refusedForWhatIsShown,
} from './checkoutForm.js';
import { DELIVERY_MESSAGES } from '@shared/delivery/fees.js';
import { HOURS_MESSAGES } from '@shared/restaurants/hours.js';

const cart: Cart = {
  restaurant: { id: '0b6f3c52-3f0e-4b8e-9f5e-6a1d2c3b4a50', name: 'Osu Chop Bar', currencySymbol: 'GH₵' },
  lines: [
    {
      menuItemId: '5c0d7a3e-1b2c-4d5e-8f90-a1b2c3d4e5f6',
      name: 'Jollof Rice',
      price: 4500,
      quantity: 2,
      choiceIds: [],
      choices: [],
    },
    {
      menuItemId: '9e8d7c6b-5a49-4382-a716-151413121110',
      name: 'Kelewele',
      price: 1550,
      quantity: 1,
      choiceIds: [],
      choices: [],
    },
  ],
};

const ORDER_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

const details = { deliveryAddress: '14 Ring Road, Osu', deliveryPhone: '+233 24 123 4567', notes: '' };

const charges = { tipAmount: 1100, deliveryFee: 800 };
const noExtras = { tipAmount: 0, deliveryFee: 0 };

describe('deliveryDetailsSchema', () => {
  it('refuses an empty address or phone with the Missing information message', () => {
    const result = deliveryDetailsSchema.safeParse({ deliveryAddress: '  ', deliveryPhone: '', notes: '' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual([CHECKOUT_MESSAGES.missingDelivery, CHECKOUT_MESSAGES.missingDelivery]);
  });

  it('refuses a phone number that is not one', () => {
    const result = deliveryDetailsSchema.safeParse({ ...details, deliveryPhone: 'call me' });
    expect(result.error?.issues[0]?.message).toBe(CHECKOUT_MESSAGES.invalidPhone);
  });
});

describe('cashOrderInput', () => {
  it('sends the cart as ids and quantities with the delivery details, the tip and the fee shown, and passes the API schema', () => {
    const input = cashOrderInput(
      ORDER_ID,
      cart,
      deliveryDetailsSchema.parse(details),
      { latitude: 5.556, longitude: -0.1826 },
      charges,
    );
    expect(input).toEqual({
      orderId: ORDER_ID,
      restaurantId: cart.restaurant.id,
      items: [
        { menuItemId: cart.lines[0]!.menuItemId, quantity: 2, choiceIds: [] },
        { menuItemId: cart.lines[1]!.menuItemId, quantity: 1, choiceIds: [] },
      ],
      deliveryAddress: '14 Ring Road, Osu',
      deliveryPhone: '+233 24 123 4567',
      notes: null,
      deliveryLandmark: null,
      deliveryGpsCode: null,
      deliveryLatitude: 5.556,
      deliveryLongitude: -0.1826,
      tipAmount: 1100,
      deliveryFee: 800,
      paymentMethod: 'cash',
    });
    expect(placeOrderSchema.safeParse(input).success).toBe(true);
  });

  it('leaves both coordinates empty without a pin, and keeps notes when given', () => {
    const input = cashOrderInput(
      ORDER_ID,
      cart,
      deliveryDetailsSchema.parse({ ...details, notes: ' Blue gate ' }),
      null,
      noExtras,
    );
    expect(input).toMatchObject({
      deliveryLatitude: null,
      deliveryLongitude: null,
      notes: 'Blue gate',
      tipAmount: 0,
      deliveryFee: 0,
    });
    expect(placeOrderSchema.safeParse(input).success).toBe(true);
  });
});

describe('checkoutDetails', () => {
  it('is the cash order without its id and method, and passes the card checkout schema', () => {
    const input = checkoutDetails(cart, deliveryDetailsSchema.parse(details), null, charges);
    const {
      orderId: _id,
      paymentMethod: _method,
      ...cash
    } = cashOrderInput(ORDER_ID, cart, deliveryDetailsSchema.parse(details), null, charges);
    expect(input).toEqual(cash);
    expect(cardIntentSchema.safeParse(input).success).toBe(true);
  });
});

describe('missingDeliveryMessage', () => {
  const missing = { message: CHECKOUT_MESSAGES.missingDelivery };

  it("names only the empty field, and the spec's address-and-phone line when both are", () => {
    expect(missingDeliveryMessage({ deliveryAddress: missing })).toBe('Please enter the delivery address');
    expect(missingDeliveryMessage({ deliveryPhone: missing })).toBe('Please enter a phone number');
    expect(missingDeliveryMessage({ deliveryAddress: missing, deliveryPhone: missing })).toBe(CHECKOUT_MESSAGES.missingDelivery);
  });

  it('says nothing when no required field is empty, even if one is wrong', () => {
    expect(missingDeliveryMessage({ deliveryPhone: { message: CHECKOUT_MESSAGES.invalidPhone } })).toBeUndefined();
    expect(missingDeliveryMessage({})).toBeUndefined();
  });
});

describe('placeOrderFailure', () => {
  it("adds the server's reason when it refused the order, and only the plain message otherwise", () => {
    const refused = new ApiError(422, 'unprocessable', CHECKOUT_MESSAGES.unavailable('Kelewele'));
    expect(placeOrderFailure(refused)).toBe(
      'Failed to place order. No longer available: Kelewele. Please remove them from your cart.',
    );
    expect(placeOrderFailure(new ApiError(500, 'internal', 'Something went wrong on our side. Please try again.'))).toBe(
      'Failed to place order',
    );
    expect(placeOrderFailure(new ApiError(0, 'network', 'offline'))).toBe('Failed to place order');
  });
});

describe('refusedForWhatIsShown', () => {
  it("is true when the server's delivery price or rules, or the restaurant's hours, refused the checkout, so both are fetched again", () => {
    expect(refusedForWhatIsShown(new ApiError(409, 'conflict', DELIVERY_MESSAGES.feeChanged(1000, 'GH₵')))).toBe(true);
    expect(refusedForWhatIsShown(new ApiError(422, 'unprocessable', DELIVERY_MESSAGES.tooFar(16_000, 15_000)))).toBe(true);
    expect(refusedForWhatIsShown(new ApiError(422, 'unprocessable', DELIVERY_MESSAGES.belowMinimum(2000, 350, 'GH₵')))).toBe(
      true,
    );
    expect(refusedForWhatIsShown(new ApiError(422, 'unprocessable', HOURS_MESSAGES.closedNow('10:00')))).toBe(true);
  });

  it('is false for a field refused, an outage or a network failure', () => {
    expect(refusedForWhatIsShown(new ApiError(400, 'bad_request', CHECKOUT_MESSAGES.invalidPhone))).toBe(false);
    expect(refusedForWhatIsShown(new ApiError(500, 'internal', 'down'))).toBe(false);
    expect(refusedForWhatIsShown(new ApiError(0, 'network', 'offline'))).toBe(false);
    expect(refusedForWhatIsShown(new Error('other'))).toBe(false);
  });
});

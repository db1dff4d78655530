import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES, MAX_CART_LINES, placeOrderSchema, shortOrderId } from './schemas.js';

const restaurantId = '6f1c1f5e-8d53-4a52-9d2e-3f0e1b2c3d4e';
const itemId = (n: number) => `0b7e2a1c-5d4f-4e3a-8b2c-${String(n).padStart(12, '0')}`;
const valid = {
  restaurantId,
  items: [{ menuItemId: itemId(1), quantity: 2 }],
  deliveryAddress: '4 Ring Road, Accra',
  deliveryPhone: '+233 24 555 0101',
  paymentMethod: 'cash',
};

const messagesOf = (input: unknown) => {
  const result = placeOrderSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('placeOrderSchema', () => {
  it('accepts a valid cash checkout and trims the text', () => {
    const parsed = placeOrderSchema.parse({ ...valid, deliveryAddress: '  4 Ring Road  ', notes: ' Blue gate ' });
    expect(parsed.deliveryAddress).toBe('4 Ring Road');
    expect(parsed.notes).toBe('Blue gate');
  });

  it('strips prices and anything else the browser adds', () => {
    const parsed = placeOrderSchema.parse({
      ...valid,
      totalAmount: 1,
      items: [{ menuItemId: itemId(1), quantity: 2, price: 1, name: 'Free food' }],
    });
    expect(parsed).not.toHaveProperty('totalAmount');
    expect(parsed.items).toEqual([{ menuItemId: itemId(1), quantity: 2, choiceIds: [] }]);
  });

  it('asks for the delivery address and phone when they are empty', () => {
    expect(messagesOf({ ...valid, deliveryAddress: '   ', deliveryPhone: '' })).toEqual([
      CHECKOUT_MESSAGES.missingDelivery,
      CHECKOUT_MESSAGES.missingDelivery,
    ]);
    expect(messagesOf({ ...valid, deliveryAddress: undefined })).toEqual([CHECKOUT_MESSAGES.missingDelivery]);
    expect(messagesOf({ ...valid, deliveryPhone: 'call me' })).toEqual([CHECKOUT_MESSAGES.invalidPhone]);
  });

  it('refuses an empty cart, too many lines and duplicate items', () => {
    expect(messagesOf({ ...valid, items: [] })).toEqual([CHECKOUT_MESSAGES.emptyCart]);
    const many = Array.from({ length: MAX_CART_LINES + 1 }, (_, n) => ({ menuItemId: itemId(n), quantity: 1 }));
    expect(messagesOf({ ...valid, items: many })).toEqual([CHECKOUT_MESSAGES.tooManyLines]);
    const twice = [
      { menuItemId: itemId(1), quantity: 1 },
      { menuItemId: itemId(1), quantity: 3 },
    ];
    expect(messagesOf({ ...valid, items: twice })).toEqual([CHECKOUT_MESSAGES.duplicateItem]);
  });

  it('accepts quantities from 1 to 99 only, whole numbers only', () => {
    for (const quantity of [0, -1, 100, 1000, 1.5, '2', null]) {
      expect(messagesOf({ ...valid, items: [{ menuItemId: itemId(1), quantity }] }), String(quantity)).toEqual([
        CHECKOUT_MESSAGES.quantity,
      ]);
    }
    expect(messagesOf({ ...valid, items: [{ menuItemId: itemId(1), quantity: 99 }] })).toEqual([]);
  });

  it('takes a delivery location only as a complete, valid pair', () => {
    expect(messagesOf({ ...valid, deliveryLatitude: 5.6, deliveryLongitude: -0.18 })).toEqual([]);
    expect(messagesOf({ ...valid, deliveryLatitude: 5.6 })).toEqual([CHECKOUT_MESSAGES.locationPair]);
    expect(messagesOf({ ...valid, deliveryLatitude: 91, deliveryLongitude: 0 })).toHaveLength(1);
  });

  it('offers cash on delivery only', () => {
    expect(messagesOf({ ...valid, paymentMethod: 'paystack-card' })).toEqual([CHECKOUT_MESSAGES.cashOnly]);
  });
});

describe('shortOrderId', () => {
  it('is the first 8 characters of the id', () => {
    expect(shortOrderId(restaurantId)).toBe('6f1c1f5e');
  });
});

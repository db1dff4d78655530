import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { signInSchema, signUpSchema } from '@shared/auth/schemas.js';
import { orderIdParamsSchema, placeOrderSchema, updateOrderStatusSchema } from '@shared/orders/schemas.js';
import { clientMessageSchema } from '@shared/realtime/events.js';
import { fileParamsSchema } from '@shared/storage/schemas.js';
import type { KnownValues } from './hostile.js';
import { arbitraryFor } from './zodArbitrary.js';

const known: KnownValues = {
  ids: {
    restaurant: ['6f1c1d52-3a4b-4c2d-9e8f-0a1b2c3d4e5f'],
    menuItem: ['0b9e8d7c-6a5b-4c3d-8e2f-1a0b9c8d7e6f', '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f'],
  },
  emails: ['ama@example.com'],
  text: { fileName: ['5d3c2b1a-0f9e-4d8c-b7a6-5f4e3d2c1b0a.webp'] },
};

const sample = (schema: ZodType, mode: 'valid' | 'mixed') =>
  fc.sample(arbitraryFor(schema, mode, known), { numRuns: 300, seed: 7 });
const acceptedShare = (schema: ZodType, values: unknown[]) =>
  values.filter((value) => schema.safeParse(value).success).length / values.length;

describe('zod schemas as fast-check arbitraries', () => {
  it.each([
    // Refinements across fields (distinct lines, distinct choices in a line, both coordinates or
    // neither) are invisible to the walker, which fills each field on its own; a tenth of carts
    // still pass them.
    ['placeOrderSchema', placeOrderSchema, 0.1],
    ['signUpSchema', signUpSchema, 0.6],
    ['signInSchema', signInSchema, 0.6],
    ['orderIdParamsSchema', orderIdParamsSchema, 0.6],
    ['updateOrderStatusSchema', updateOrderStatusSchema, 0.6],
    ['fileParamsSchema', fileParamsSchema, 0.6],
    // Topic names are checked by a refinement (parseTopic) the walker cannot see, so half the
    // messages (subscribe, unsubscribe) rarely pass; the socket fuzz builds real topics itself.
    ['clientMessageSchema', clientMessageSchema, 0.4],
  ] as const)('makes valid values %s accepts, and mixed ones it mostly refuses', (_name, schema, validShare) => {
    expect(acceptedShare(schema, sample(schema, 'valid'))).toBeGreaterThan(validShare);
    expect(acceptedShare(schema, sample(schema, 'mixed'))).toBeLessThan(0.9);
  });

  it('fills an id field with ids of the kind its name says', () => {
    const orders = sample(placeOrderSchema, 'valid') as { restaurantId: string; items: { menuItemId: string }[] }[];
    const restaurantIds = orders.map((order) => order.restaurantId);
    const menuItemIds = orders.flatMap((order) => order.items.map((item) => item.menuItemId));
    expect(restaurantIds.filter((id) => known.ids.restaurant?.includes(id)).length).toBeGreaterThan(orders.length / 2);
    expect(menuItemIds.filter((id) => known.ids.menuItem?.includes(id)).length).toBeGreaterThan(menuItemIds.length / 2);
  });

  it('puts NUL bytes, wrong types and dropped fields into mixed values', () => {
    const values = sample(placeOrderSchema, 'mixed').map((value) => JSON.stringify(value) ?? '');
    expect(values.some((text) => text.includes('\\u0000'))).toBe(true);
    expect(values.some((text) => !text.includes('"items"'))).toBe(true);
    expect(values.some((text) => !text.startsWith('{'))).toBe(true);
  });
});

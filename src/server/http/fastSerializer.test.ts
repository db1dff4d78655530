import { describe, expect, it } from 'vitest';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { publicMenuSchema, type PublicMenuItem } from '@shared/menu/schemas.js';
import { jsonStringifier } from './fastSerializer.js';

const menu: PublicMenuItem[] = [
  {
    id: '0b5e8a52-6c1f-4a57-9d0e-3f1c2b4a5d6e',
    restaurantId: '7c9d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
    name: 'Jollof "special" \\ rice\n',
    description: null,
    price: 4500,
    category: 'Main Course',
    imageUrl: '/api/files/food-images/x.webp',
    optionGroups: [
      {
        id: '2b5e8a52-6c1f-4a57-9d0e-3f1c2b4a5d6e',
        name: 'Protein "of choice"',
        minChoices: 1,
        maxChoices: 1,
        choices: [
          { id: '3b5e8a52-6c1f-4a57-9d0e-3f1c2b4a5d6e', name: 'Fish', priceDelta: 500, isAvailable: true },
          { id: '4b5e8a52-6c1f-4a57-9d0e-3f1c2b4a5d6e', name: 'Beef', priceDelta: 500, isAvailable: false },
        ],
      },
    ],
    soldOutUntil: null,
    choicesSoldOut: { '3b5e8a52-6c1f-4a57-9d0e-3f1c2b4a5d6e': '2026-11-28T10:00:00Z' },
  },
  {
    id: '1b5e8a52-6c1f-4a57-9d0e-3f1c2b4a5d6e',
    restaurantId: '7c9d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
    name: 'Kelewele 🌶',
    description: 'Fried plantain',
    price: 0,
    category: null,
    imageUrl: null,
    optionGroups: [],
    soldOutUntil: '2026-11-28T10:00:00Z',
    choicesSoldOut: {},
  },
];

const route = { schema: publicMenuSchema, method: 'GET', url: '/api/restaurants/:id/menu' };

describe('jsonStringifier', () => {
  it('writes the same JSON as the zod serializer it stands in for', () => {
    const fast = jsonStringifier(publicMenuSchema);
    const checked = serializerCompiler(route);
    expect(fast(menu)).toBe(checked(menu));
    expect(JSON.parse(fast(menu))).toEqual(menu);
  });

  it('leaves out fields the schema does not name, so a wider row never leaks', () => {
    const fast = jsonStringifier(publicMenuSchema);
    const wider = menu.map((item) => ({ ...item, ownerId: 'secret', isAvailable: false }));
    expect(JSON.parse(fast(wider))).toEqual(menu);
  });
});

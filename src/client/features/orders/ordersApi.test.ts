import { describe, expect, it } from 'vitest';
import type { OrderView } from '@shared/orders/schemas.js';
import { withPlacedOrder } from './ordersApi.js';

const order = (id: string) => ({ id, shortId: id.slice(0, 8) }) as OrderView;

describe('withPlacedOrder', () => {
  it('puts a just-placed order at the top of the first page, once, leaving later pages and cursors alone', () => {
    const data = {
      pages: [
        { items: [order('b'), order('a')], nextCursor: 'c1' },
        { items: [order('z')], nextCursor: null },
      ],
      pageParams: [null, 'c1'],
    };

    const placed = withPlacedOrder(data, order('a'));

    expect(placed?.pages.map((page) => page.items.map((item) => item.id))).toEqual([['a', 'b'], ['z']]);
    expect(placed?.pages.map((page) => page.nextCursor)).toEqual(['c1', null]);
    expect(placed?.pageParams).toEqual([null, 'c1']);
  });

  it('leaves a list that was never loaded unloaded', () => {
    expect(withPlacedOrder(undefined, order('a'))).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './status.js';
import { KITCHEN_TAB_STATUSES, KITCHEN_TABS, kitchenTabOf, MY_ORDER_TAB_STATUSES } from './views.js';

describe('the board tabs and their statuses', () => {
  it('lists every status under exactly one tab, the one kitchenTabOf names', () => {
    for (const status of ORDER_STATUSES) {
      const tabs = KITCHEN_TABS.filter((tab) => KITCHEN_TAB_STATUSES[tab].includes(status));
      expect(tabs).toEqual([kitchenTabOf(status)]);
    }
    expect(KITCHEN_TAB_STATUSES.completed).toEqual(['delivered', 'cancelled', 'customer_unavailable']);
  });

  it('splits My Orders as the board does', () => {
    expect(MY_ORDER_TAB_STATUSES.active).toEqual(KITCHEN_TAB_STATUSES.active);
    expect(MY_ORDER_TAB_STATUSES.past).toEqual(KITCHEN_TAB_STATUSES.completed);
  });
});

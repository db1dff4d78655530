import { describe, expect, it } from 'vitest';
import { statusUpdateMessage } from './orderUpdates.js';

describe('statusUpdateMessage', () => {
  it('names the order, its restaurant and the new status as the customer sees it', () => {
    const order = { shortId: '6f1c2f7e', restaurantName: 'Osu Chop Bar' };
    expect(statusUpdateMessage(order, 'preparing')).toBe('Your order 6f1c2f7e from Osu Chop Bar is now Preparing.');
    expect(statusUpdateMessage(order, 'picked_up')).toBe('Your order 6f1c2f7e from Osu Chop Bar is now Out for Delivery.');
  });
});

import { describe, expect, it } from 'vitest';
import { CARRY_MESSAGES } from '@shared/drivers/batching.js';
import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';
import { acceptBlocker, orderBlocker } from './acceptBlocker.js';

const KITCHEN = { restaurantLatitude: 5.556, restaurantLongitude: -0.1826 };
const collecting = { status: 'accepted', ...KITCHEN } as const;
const ready = { isVerified: true, isAvailable: true, maxCarriedOrders: 2 };

describe('acceptBlocker', () => {
  it('lets a verified, available driver without a delivery accept, online or not', () => {
    expect(acceptBlocker(ready, [], true)).toBeNull();
    expect(acceptBlocker(ready, [], false)).toBeNull();
  });

  it('tells an unverified driver they wait for verification, whatever else holds', () => {
    expect(acceptBlocker({ ...ready, isVerified: false }, [], true)).toBe(DRIVER_MESSAGES.waitingVerification);
    expect(acceptBlocker({ ...ready, isVerified: false, isAvailable: false }, [collecting], false)).toBe(
      DRIVER_MESSAGES.waitingVerification,
    );
  });

  it('lets a driver collecting one order take another while they have room, and not once full or picked up', () => {
    expect(acceptBlocker(ready, [collecting], true)).toBeNull();
    expect(acceptBlocker(ready, [collecting, collecting], true)).toBe(CARRY_MESSAGES.full);
    expect(acceptBlocker({ ...ready, maxCarriedOrders: 1 }, [collecting], true)).toBe(CARRY_MESSAGES.full);
    expect(acceptBlocker(ready, [{ ...collecting, status: 'picked_up' }], true)).toBe(CARRY_MESSAGES.busy);
  });

  it('tells an unavailable driver who is offline to go online', () => {
    expect(acceptBlocker({ ...ready, isAvailable: false }, [], false)).toBe(DRIVER_MESSAGES.offline);
  });

  it('tells an online driver who switched themselves Unavailable to switch Available on, not to go online', () => {
    expect(acceptBlocker({ ...ready, isAvailable: false }, [], true)).toBe(DRIVER_MESSAGES.unavailable);
  });
});

describe('orderBlocker', () => {
  it('lets an order of the same kitchen or one within 500 m join, and refuses one farther away', () => {
    expect(orderBlocker([], 2, { restaurantLatitude: 6, restaurantLongitude: 0 })).toBeNull();
    expect(orderBlocker([collecting], 2, KITCHEN)).toBeNull();
    // 0.004° of latitude is about 445 m; 0.005° about 556 m.
    expect(orderBlocker([collecting], 2, { ...KITCHEN, restaurantLatitude: 5.56 })).toBeNull();
    expect(orderBlocker([collecting], 2, { ...KITCHEN, restaurantLatitude: 5.561 })).toBe(CARRY_MESSAGES.tooFar);
  });

  it('leaves a restaurant without a position to the server', () => {
    expect(orderBlocker([collecting], 2, { restaurantLatitude: null, restaurantLongitude: null })).toBeNull();
  });
});

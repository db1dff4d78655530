import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { deliveryPricingListSchema } from '@shared/delivery/fees.js';
import { UNKNOWN_DELIVERY_TIME } from '@shared/restaurants/schemas.js';
import { setDeliveryLocation } from '@/components/maps/deliveryLocation.js';
import { fakeServer, reply } from '@/test/fakeServer.js';
import { renderPage } from '@/test/render.js';
import { publicRestaurant } from '@/test/restaurants.js';
import { RestaurantFacts } from './RestaurantFacts.js';

const HOME = { latitude: 5.6037, longitude: -0.187 };
/** 0.018° of latitude north of HOME: 2.0 km in a straight line, 2.6 km by road at 1.3. */
const PIN = { latitude: HOME.latitude + 0.018, longitude: HOME.longitude };

function pricingServer() {
  return fakeServer({
    'GET /api/delivery/pricing': () =>
      reply(deliveryPricingListSchema, { roadFactorPercent: 130, averageSpeedKmh: 20, currencies: [] }),
  });
}

/** The delivery time as a screen reader reads it: 'Delivery time 35-45 min'. */
const deliveryTime = (text: string) => screen.findByText((_, node) => node?.textContent === `Delivery time ${text}`);

describe("a restaurant's delivery time", () => {
  afterEach(() => setDeliveryLocation(null));

  it("is worked out from the kitchen's minutes, its busy minutes and the ride to the customer's place", async () => {
    pricingServer();
    setDeliveryLocation(HOME);
    // 30 + 10 busy + 5 for the rider + 7.8 riding 2.6 km at 20 km/h = 52.8 minutes: 55, 50-60.
    renderPage(<RestaurantFacts restaurant={publicRestaurant({ ...PIN, prepMinutes: 30, busyMinutes: 10 })} />);
    expect(await deliveryTime('50-60 min')).toBeTruthy();
  });

  it("is the usual '25-35 min' while the customer's place is unknown, without asking for the pricing", async () => {
    const server = pricingServer();
    renderPage(<RestaurantFacts restaurant={publicRestaurant({ ...PIN, prepMinutes: 60 })} />);
    expect(await deliveryTime(UNKNOWN_DELIVERY_TIME)).toBeTruthy();
    expect(server.sent('GET', '/api/delivery/pricing')).toHaveLength(0);
  });

  it("is the usual '25-35 min' for a restaurant without a pin", async () => {
    pricingServer();
    setDeliveryLocation(HOME);
    renderPage(<RestaurantFacts restaurant={publicRestaurant({ prepMinutes: 60 })} />);
    expect(await deliveryTime(UNKNOWN_DELIVERY_TIME)).toBeTruthy();
  });
});

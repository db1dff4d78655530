import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { deliveryPricingListSchema, type DeliveryPricingList } from '@shared/delivery/fees.js';
import { publicRestaurantListSchema, type RestaurantListItem } from '@shared/restaurants/schemas.js';
import { setDeliveryLocation } from '@/components/maps/deliveryLocation.js';
import { fakeServer, refuse, reply } from '@/test/fakeServer.js';
import { renderPage } from '@/test/render.js';
import DiscoveryPage from './DiscoveryPage.js';

const HOME = { latitude: 5.6037, longitude: -0.187 };

const PRICING: DeliveryPricingList = {
  roadFactorPercent: 130,
  currencies: [{ currencySymbol: 'GH₵', baseFee: 800, perKmFee: 200, includedMeters: 3000, maxMeters: 15_000 }],
};

let serial = 0;
/** An active restaurant `north` degrees of latitude from HOME (null: no pin). */
function restaurant(name: string, north: number | null, currencySymbol = 'GH₵'): RestaurantListItem {
  serial += 1;
  return {
    id: `0b6f3c52-3f0e-4b8e-9f5e-6a1d2c3b4a${String(serial).padStart(2, '0')}`,
    name,
    description: null,
    address: `${name} Street`,
    phone: '+233302000000',
    imageUrl: null,
    country: currencySymbol === 'GH₵' ? 'GH' : 'NG',
    currencySymbol,
    latitude: north === null ? null : HOME.latitude + north,
    longitude: north === null ? null : HOME.longitude,
    minOrderAmount: 0,
    matchedDish: null,
  };
}

const RESTAURANTS = [
  restaurant('Osu Chop Bar', 0.01),
  restaurant('Labadi Grill', 0.04),
  restaurant('Aburi Garden', 0.12),
  restaurant('Lagos Suya', 0.01, '₦'),
  restaurant('Pinless Kitchen', null),
];

function discoveryServer(pricing: () => Response = () => reply(deliveryPricingListSchema, PRICING)) {
  return fakeServer({
    'GET /api/restaurants': () => reply(publicRestaurantListSchema, RESTAURANTS),
    'GET /api/delivery/pricing': pricing,
  });
}

/** A browser whose location request answers `answer`: a position, or a GeolocationPositionError code. */
function deviceAt(answer: { latitude: number; longitude: number } | number) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (found: PositionCallback, failed: PositionErrorCallback) => {
        if (typeof answer === 'number') failed({ code: answer, message: 'no' } as GeolocationPositionError);
        else found({ coords: answer } as GeolocationPosition);
      },
    },
  });
}

const card = (name: string) => screen.getByRole('link', { name }).closest('article')!;

/** The delivery line of each card, by restaurant name (null: none). */
function deliveryLines(): Record<string, string | null> {
  return Object.fromEntries(
    RESTAURANTS.map(({ name }) => {
      const line = within(card(name)).queryByText(/Delivery GH₵|Free delivery|Too far to deliver|Delivery ₦/);
      return [name, line?.textContent ?? null];
    }),
  );
}

beforeEach(() => {
  sessionStorage.clear();
});

describe('delivery fees on the restaurant cards', () => {
  it('are not shown, nor priced, until the customer says where they are', async () => {
    const server = discoveryServer();
    renderPage(<DiscoveryPage />, { path: '/customer' });

    await screen.findByRole('link', { name: 'Osu Chop Bar' });
    expect(screen.getByText('See what delivery costs to where you are.')).toBeTruthy();
    expect(Object.values(deliveryLines())).toEqual([null, null, null, null, null]);
    expect(server.sent('GET', '/api/delivery/pricing')).toHaveLength(0);
  });

  it("are worked out for every card with a pin once 'Use my location' finds the customer", async () => {
    deviceAt(HOME);
    const server = discoveryServer();
    const { user } = renderPage(<DiscoveryPage />, { path: '/customer' });

    await screen.findByRole('link', { name: 'Osu Chop Bar' });
    await user.click(screen.getByRole('button', { name: 'Use my location' }));

    await waitFor(() => expect(deliveryLines()['Osu Chop Bar']).toBe('Delivery GH₵8.00'));
    expect(deliveryLines()).toEqual({
      'Osu Chop Bar': 'Delivery GH₵8.00',
      'Labadi Grill': 'Delivery GH₵14.00',
      'Aburi Garden': 'Too far to deliver',
      'Lagos Suya': 'Free delivery',
      'Pinless Kitchen': null,
    });
    expect(screen.getByText('Delivery fees are to your location.')).toBeTruthy();
    expect(server.sent('GET', '/api/delivery/pricing')).toHaveLength(1);
  });

  it('come back with a place remembered from before, and go when the customer forgets it', async () => {
    setDeliveryLocation(HOME);
    discoveryServer();
    const { user } = renderPage(<DiscoveryPage />, { path: '/customer' });

    await waitFor(() => expect(deliveryLines()['Labadi Grill']).toBe('Delivery GH₵14.00'));
    await user.click(screen.getByRole('button', { name: 'Forget location' }));
    expect(Object.values(deliveryLines())).toEqual([null, null, null, null, null]);
    expect(screen.getByRole('button', { name: 'Use my location' })).toBeTruthy();
  });

  it('say why the location is missing when the browser refuses it', async () => {
    deviceAt(1);
    discoveryServer();
    const { user } = renderPage(<DiscoveryPage />, { path: '/customer' });

    await screen.findByRole('link', { name: 'Osu Chop Bar' });
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Location access was blocked. Allow it in your browser settings to see delivery fees.',
    );
    expect(Object.values(deliveryLines())).toEqual([null, null, null, null, null]);
  });

  it('are left out, with a way to try again, when the pricing does not load', async () => {
    setDeliveryLocation(HOME);
    let answer = () => refuse(503, { code: 'internal', message: 'down' });
    discoveryServer(() => answer());
    const { user } = renderPage(<DiscoveryPage />, { path: '/customer' });

    expect(await screen.findByText('Delivery fees could not be loaded.')).toBeTruthy();
    expect(Object.values(deliveryLines())).toEqual([null, null, null, null, null]);
    answer = () => reply(deliveryPricingListSchema, PRICING);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(deliveryLines()['Osu Chop Bar']).toBe('Delivery GH₵8.00'));
  });
});

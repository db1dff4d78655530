import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliveryPricingListSchema, type DeliveryPricingList } from '@shared/delivery/fees.js';
import { PROPOSED_HOURS, WEEKDAYS } from '@shared/restaurants/hours.js';
import { publicRestaurantListSchema, type RestaurantListItem } from '@shared/restaurants/schemas.js';
import { setDeliveryLocation } from '@/components/maps/deliveryLocation.js';
import { fakeServer, refuse, reply } from '@/test/fakeServer.js';
import { renderPage } from '@/test/render.js';
import { publicRestaurant } from '@/test/restaurants.js';
import DiscoveryPage from './DiscoveryPage.js';

const HOME = { latitude: 5.6037, longitude: -0.187 };

const PRICING: DeliveryPricingList = {
  roadFactorPercent: 130,
  averageSpeedKmh: 20,
  currencies: [{ currencySymbol: 'GH₵', baseFee: 800, perKmFee: 200, includedMeters: 3000, maxMeters: 15_000 }],
};

let serial = 0;
/** An active restaurant `north` degrees of latitude from HOME (null: no pin), open at all hours. */
function restaurant(name: string, north: number | null, currencySymbol = 'GH₵'): RestaurantListItem {
  serial += 1;
  return {
    ...publicRestaurant({
      id: `0b6f3c52-3f0e-4b8e-9f5e-6a1d2c3b4a${String(serial).padStart(2, '0')}`,
      name,
      address: `${name} Street`,
      country: currencySymbol === 'GH₵' ? 'GH' : 'NG',
      currencySymbol,
      latitude: north === null ? null : HOME.latitude + north,
      longitude: north === null ? null : HOME.longitude,
    }),
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

function discoveryServer(
  pricing: () => Response = () => reply(deliveryPricingListSchema, PRICING),
  restaurants: RestaurantListItem[] = RESTAURANTS,
) {
  return fakeServer({
    'GET /api/restaurants': () => reply(publicRestaurantListSchema, restaurants),
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

describe('restaurants not taking orders', () => {
  // Monday 2 March 2026, 08:00 in Accra (UTC all year).
  const MONDAY_8AM = new Date('2026-03-02T08:00:00Z');
  const LISTED = [
    { ...restaurant('Osu Chop Bar', 0.01), openingHours: PROPOSED_HOURS },
    restaurant('Labadi Grill', 0.04),
    { ...restaurant('Aburi Garden', 0.12), pause: { until: '2026-03-02T13:30:00Z' } },
    restaurant('Lagos Suya', 0.01, '₦'),
    { ...restaurant('Pinless Kitchen', null), openingHours: { weekly: WEEKDAYS.map(() => []), closedDates: [] } },
  ];

  const cardNames = () => screen.getAllByRole('article').map((article) => within(article).getByRole('link').textContent);
  const badge = (name: string) => within(card(name)).queryByText(/^(Closed|Not taking orders)/)?.textContent ?? null;

  afterEach(() => {
    vi.useRealTimers();
  });

  it('come after the open ones, each group in the order listed, and say why and until when', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(MONDAY_8AM);
    discoveryServer(undefined, LISTED);
    renderPage(<DiscoveryPage />, { path: '/customer' });

    await screen.findByRole('link', { name: 'Osu Chop Bar' });
    expect(cardNames()).toEqual(['Labadi Grill', 'Lagos Suya', 'Osu Chop Bar', 'Aburi Garden', 'Pinless Kitchen']);
    expect(Object.fromEntries(LISTED.map(({ name }) => [name, badge(name)]))).toEqual({
      'Osu Chop Bar': 'Closed · opens 10:00',
      'Labadi Grill': null,
      'Aburi Garden': 'Not taking orders until 13:30',
      'Lagos Suya': null,
      'Pinless Kitchen': 'Closed',
    });
    // Their menus can still be browsed.
    expect(screen.getByRole('link', { name: 'Osu Chop Bar' }).getAttribute('href')).toBe(`/customer/restaurant/${LISTED[0]!.id}`);
  });

  it('come after the open ones in a search too, each group best match first', async () => {
    const closed = { openingHours: { weekly: WEEKDAYS.map(() => []), closedDates: [] } };
    const found = [
      { ...restaurant('Osu Chop Bar', 0.01), ...closed, matchedDish: 'Jollof Rice' },
      { ...restaurant('Labadi Grill', 0.04), matchedDish: 'Jollof Rice' },
      { ...restaurant('Aburi Garden', 0.12), ...closed },
      restaurant('Lagos Suya', 0.01, '₦'),
    ];
    fakeServer({
      'GET /api/restaurants': ({ query }) => reply(publicRestaurantListSchema, query.has('q') ? found : RESTAURANTS),
    });
    const { user } = renderPage(<DiscoveryPage />, { path: '/customer' });

    await screen.findByRole('link', { name: 'Pinless Kitchen' });
    await user.type(screen.getByRole('searchbox', { name: 'Search restaurants' }), 'jollof');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Pinless Kitchen' })).toBeNull());
    expect(cardNames()).toEqual(['Labadi Grill', 'Lagos Suya', 'Osu Chop Bar', 'Aburi Garden']);
    expect(badge('Osu Chop Bar')).toBe('Closed');
  });

  it('join the open ones by themselves when they open', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T09:59:59.500Z'));
    discoveryServer(undefined, LISTED);
    renderPage(<DiscoveryPage />, { path: '/customer' });

    await waitFor(() => expect(badge('Osu Chop Bar')).toBe('Closed · opens 10:00'));
    expect(cardNames()[0]).toBe('Labadi Grill');

    vi.setSystemTime(new Date('2026-03-02T10:00:00.100Z'));
    await waitFor(() => expect(badge('Osu Chop Bar')).toBeNull());
    expect(cardNames()).toEqual(['Osu Chop Bar', 'Labadi Grill', 'Lagos Suya', 'Aburi Garden', 'Pinless Kitchen']);
  });
});

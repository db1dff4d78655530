import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { publicConfigSchema } from '@shared/config.js';
import { deliveryQuoteViewSchema } from '@shared/delivery/fees.js';
import { orderViewSchema, type OrderView, type PlaceOrderInput } from '@shared/orders/schemas.js';
import { SAVED_PLACE_MESSAGES, savedPlaceListSchema, savedPlaceSchema, type SavedPlace } from '@shared/places/schemas.js';
import { publicRestaurantSchema } from '@shared/restaurants/schemas.js';
import type { Cart } from '@/components/cart/cart.js';
import { cartStore } from '@/components/cart/useCart.js';
import { setDeliveryLocation } from '@/components/maps/deliveryLocation.js';
import { fakeServer, refuse, reply, type Routes } from '@/test/fakeServer.js';
import { descriptionOf, renderPage, sessionFor } from '@/test/render.js';
import { publicRestaurant } from '@/test/restaurants.js';
import CheckoutPage from './CheckoutPage.js';

const RESTAURANT_ID = '0b6f3c52-3f0e-4b8e-9f5e-6a1d2c3b4a50';
const JOLLOF = '5c0d7a3e-1b2c-4d5e-8f90-a1b2c3d4e5f6';
const PHONE = '+233 24 123 4567';

const cart: Cart = {
  restaurant: { id: RESTAURANT_ID, name: 'Osu Chop Bar', currencySymbol: 'GH₵' },
  lines: [{ menuItemId: JOLLOF, name: 'Jollof Rice', price: 4500, quantity: 1, choiceIds: [], choices: [] }],
};

const HOME: SavedPlace = {
  id: '6a3f1c2e-9b8d-4e7f-a1b2-c3d4e5f60718',
  label: 'Home',
  address: '12 Oxford Street, Osu',
  latitude: 5.556,
  longitude: -0.182,
  landmark: 'Opposite the Total filling station, blue gate',
  gpsCode: 'GA-183-8164',
  usedAt: '2026-11-20T10:00:00.000Z',
};

/** POST /api/orders's reply: the order as its customer sees it. */
function placedOrder(input: PlaceOrderInput): OrderView {
  const id = input.orderId ?? crypto.randomUUID();
  return orderViewSchema.parse({
    id,
    shortId: id.slice(0, 8),
    restaurantId: input.restaurantId,
    restaurantName: 'Osu Chop Bar',
    status: 'confirmed',
    statusLabel: 'Confirmed',
    items: [{ menuItemId: JOLLOF, name: 'Jollof Rice', quantity: 1, price: 4500, choices: [] }],
    subtotalAmount: 4500,
    deliveryFee: 800,
    tipAmount: 0,
    totalAmount: 5300,
    currencySymbol: 'GH₵',
    paymentMethod: 'cash',
    paymentStatus: 'pending',
    deliveryAddress: input.deliveryAddress,
    deliveryPhone: input.deliveryPhone,
    deliveryLatitude: input.deliveryLatitude ?? null,
    deliveryLongitude: input.deliveryLongitude ?? null,
    deliveryLandmark: input.deliveryLandmark ?? null,
    deliveryGpsCode: input.deliveryGpsCode ?? null,
    notes: null,
    createdAt: new Date().toISOString(),
    deliveryCode: null,
    driver: null,
    cancelReason: null,
    expectedArrival: null,
  });
}

/** The checkout's server with these saved places; `savePlace` answers POST /api/places. */
function placesServer(
  places: SavedPlace[],
  savePlace: Routes[string] = ({ body }) => reply(savedPlaceSchema, { ...HOME, ...(body as object) }, 201),
) {
  return fakeServer({
    'GET /api/config': () =>
      reply(publicConfigSchema, { tileUrl: '', cardPayments: { enabled: false, publicKey: null, scriptUrl: '' } }),
    'GET /api/delivery/quote': () =>
      reply(deliveryQuoteViewSchema, {
        currencySymbol: 'GH₵',
        deliverable: true,
        deliveryFee: 800,
        meters: null,
        message: null,
        pinRequired: false,
        minOrderAmount: 0,
      }),
    'GET /api/restaurants/:id': () => reply(publicRestaurantSchema, publicRestaurant({ id: RESTAURANT_ID })),
    'POST /api/orders': ({ body }) => reply(orderViewSchema, placedOrder(body as PlaceOrderInput), 201),
    'GET /api/places': () => reply(savedPlaceListSchema, { places }),
    'POST /api/places': savePlace,
    'POST /api/places/:id/used': () => reply(savedPlaceSchema, HOME),
  });
}

const renderCheckout = () => renderPage(<CheckoutPage />, { path: '/customer/checkout', session: sessionFor('customer', PHONE) });
const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name });
const placeOrder = async (user: ReturnType<typeof renderCheckout>['user']) => {
  const button = screen.getByRole('button', { name: 'Place Order' });
  await waitFor(() => expect(button).toHaveProperty('disabled', false));
  await user.click(button);
};

beforeEach(() => {
  cartStore.set(cart);
  sessionStorage.clear();
  setDeliveryLocation(null);
});

describe('saved places at checkout', () => {
  it('fills the address, pin, landmark and GPS code from a saved place picked, and marks it used once the order is placed', async () => {
    const server = placesServer([HOME]);
    const { user } = renderCheckout();

    const places = await screen.findByRole('radiogroup', { name: 'Your places' });
    await user.click(within(places).getByRole('radio', { name: /Home/ }));

    expect(textbox('Delivery address')).toHaveProperty('value', HOME.address);
    expect(textbox(/Landmark/)).toHaveProperty('value', HOME.landmark);
    expect(textbox(/GhanaPost GPS code/)).toHaveProperty('value', HOME.gpsCode);
    expect(screen.getByText(/Pin at 5\.556000, -0\.182000/)).toBeTruthy();

    await placeOrder(user);
    await screen.findByRole('heading', { name: 'Page /customer/orders' });
    expect(server.sent('POST', '/api/orders')[0]?.body).toMatchObject({
      deliveryAddress: HOME.address,
      deliveryLatitude: HOME.latitude,
      deliveryLongitude: HOME.longitude,
      deliveryLandmark: HOME.landmark,
      deliveryGpsCode: HOME.gpsCode,
    });
    await waitFor(() => expect(server.sent('POST', `/api/places/${HOME.id}/used`)).toHaveLength(1));
    expect(server.sent('POST', '/api/places')).toHaveLength(0);
  });

  it('says under the GPS code field when it is not one, and places nothing', async () => {
    const server = placesServer([]);
    const { user } = renderCheckout();
    await user.type(textbox('Delivery address'), '14 Ring Road, Osu');
    await user.type(textbox(/GhanaPost GPS code/), 'near the castle');
    expect(descriptionOf(textbox(/GhanaPost GPS code/))).toContain('e.g. GA-183-8164');
    await placeOrder(user);
    await waitFor(() => expect(descriptionOf(textbox(/GhanaPost GPS code/))).toContain('GA-183-8164: two letters'));
    expect(server.sent('POST', '/api/orders')).toHaveLength(0);
  });

  it('saves the place under its label only after the order is placed', async () => {
    setDeliveryLocation({ latitude: 5.6, longitude: -0.19 });
    const server = placesServer([]);
    const { user } = renderCheckout();
    await user.type(textbox('Delivery address'), '14 Ring Road, Osu');
    await user.type(textbox(/Landmark/), 'Blue gate');
    await user.type(textbox(/GhanaPost GPS code/), 'ga 183 8164');
    await user.click(screen.getByRole('checkbox', { name: 'Save this place' }));
    await user.type(textbox('Label'), 'Office');
    await placeOrder(user);

    await screen.findByRole('heading', { name: 'Page /customer/orders' });
    await waitFor(() => expect(server.sent('POST', '/api/places')).toHaveLength(1));
    const order = server.requests.findIndex((request) => request.method === 'POST' && request.path === '/api/orders');
    const save = server.requests.findIndex((request) => request.method === 'POST' && request.path === '/api/places');
    expect(order).toBeLessThan(save);
    expect(server.requests[save]?.body).toEqual({
      label: 'Office',
      address: '14 Ring Road, Osu',
      latitude: 5.6,
      longitude: -0.19,
      landmark: 'Blue gate',
      gpsCode: 'GA-183-8164',
    });
    expect(await screen.findByText(SAVED_PLACE_MESSAGES.saved('Office'))).toBeTruthy();
  });

  it('keeps the order when saving the place fails, and says so', async () => {
    setDeliveryLocation({ latitude: 5.6, longitude: -0.19 });
    const refusal = 'Someone else changed this at the same time. Please try again.';
    const server = placesServer([], () => refuse(409, { code: 'conflict', message: refusal }));
    const { user } = renderCheckout();
    await user.type(textbox('Delivery address'), '14 Ring Road, Osu');
    await user.click(screen.getByRole('checkbox', { name: 'Save this place' }));
    await user.type(textbox('Label'), 'Office');
    await placeOrder(user);

    await screen.findByRole('heading', { name: 'Page /customer/orders' });
    expect(server.sent('POST', '/api/orders')).toHaveLength(1);
    expect(await screen.findByText(SAVED_PLACE_MESSAGES.saveFailed)).toBeTruthy();
    expect(screen.getByText(refusal)).toBeTruthy();
    expect(cartStore.get()).toBeNull();
  });

  it('asks, before ordering, for a label the customer does not already use', async () => {
    setDeliveryLocation({ latitude: 5.6, longitude: -0.19 });
    const server = placesServer([HOME]);
    const { user } = renderCheckout();
    await screen.findByRole('radiogroup', { name: 'Your places' });
    await user.type(textbox('Delivery address'), '14 Ring Road, Osu');
    await user.click(screen.getByRole('checkbox', { name: 'Save this place' }));
    await placeOrder(user);
    await waitFor(() => expect(descriptionOf(textbox('Label'))).toContain(SAVED_PLACE_MESSAGES.labelRequired));

    await user.type(textbox('Label'), 'home');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(descriptionOf(textbox('Label'))).toContain(SAVED_PLACE_MESSAGES.duplicateLabel('home')));
    expect(document.activeElement).toBe(textbox('Label'));
    expect(server.sent('POST', '/api/orders')).toHaveLength(0);
  });
});

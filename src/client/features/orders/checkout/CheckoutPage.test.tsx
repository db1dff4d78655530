import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { publicConfigSchema } from '@shared/config.js';
import { CHECKOUT_MESSAGES, orderViewSchema, type OrderView, type PlaceOrderInput } from '@shared/orders/schemas.js';
import { publicRestaurantSchema } from '@shared/restaurants/schemas.js';
import type { Cart } from '@/components/cart/cart.js';
import { cartStore } from '@/components/cart/useCart.js';
import { fakeServer, refuse, reply, type Routes } from '@/test/fakeServer.js';
import { descriptionOf, renderPage, sessionFor } from '@/test/render.js';
import CheckoutPage from './CheckoutPage.js';

const RESTAURANT_ID = '0b6f3c52-3f0e-4b8e-9f5e-6a1d2c3b4a50';
const JOLLOF = '5c0d7a3e-1b2c-4d5e-8f90-a1b2c3d4e5f6';
const KELEWELE = '9e8d7c6b-5a49-4382-a716-151413121110';
const PHONE = '+233 24 123 4567';

const cart: Cart = {
  restaurant: { id: RESTAURANT_ID, name: 'Osu Chop Bar', currencySymbol: 'GH₵' },
  lines: [
    { menuItemId: JOLLOF, name: 'Jollof Rice', price: 4500, quantity: 2 },
    { menuItemId: KELEWELE, name: 'Kelewele', price: 1550, quantity: 1 },
  ],
};

/** POST /api/orders's reply: the order as its customer sees it. */
function placedOrder(input: PlaceOrderInput): OrderView {
  const id = input.orderId ?? crypto.randomUUID();
  return {
    id,
    shortId: id.slice(0, 8),
    restaurantId: input.restaurantId,
    restaurantName: 'Osu Chop Bar',
    status: 'pending',
    statusLabel: 'Pending',
    items: [
      { menuItemId: JOLLOF, name: 'Jollof Rice', quantity: 2, price: 4500 },
      { menuItemId: KELEWELE, name: 'Kelewele', quantity: 1, price: 1550 },
    ],
    totalAmount: 10_550,
    currencySymbol: 'GH₵',
    paymentMethod: 'cash',
    paymentStatus: null,
    deliveryAddress: input.deliveryAddress,
    deliveryPhone: input.deliveryPhone,
    deliveryLatitude: null,
    deliveryLongitude: null,
    notes: input.notes ?? null,
    createdAt: new Date().toISOString(),
    deliveryCode: null,
    driver: null,
    cancelReason: null,
  };
}

/** What the checkout asks the server for; `placeOrder` answers the order itself. */
function checkoutServer(placeOrder: Routes[string]) {
  return fakeServer({
    'GET /api/config': () =>
      reply(publicConfigSchema, { tileUrl: '', cardPayments: { enabled: false, publicKey: null, scriptUrl: '' } }),
    // The restaurant has no pin, so the delivery map opens at the fallback centre.
    'GET /api/restaurants/:id': () =>
      reply(publicRestaurantSchema, {
        id: RESTAURANT_ID,
        name: 'Osu Chop Bar',
        description: null,
        address: 'Oxford Street, Osu',
        phone: '+233302000000',
        imageUrl: null,
        country: 'GH',
        currencySymbol: 'GH₵',
        latitude: null,
        longitude: null,
      }),
    'POST /api/orders': placeOrder,
  });
}

function renderCheckout() {
  return renderPage(<CheckoutPage />, { path: '/customer/checkout', session: sessionFor('customer', PHONE) });
}

const address = () => screen.getByRole('textbox', { name: 'Delivery address' });
const phone = () => screen.getByRole('textbox', { name: 'Phone number' });
const placeOrderButton = () => screen.getByRole('button', { name: 'Place Order' });

beforeEach(() => {
  cartStore.set(cart);
});

describe('the checkout form', () => {
  it("says what is missing in SPEC's 'Missing information' toast and focuses the empty address, sending nothing", async () => {
    const server = checkoutServer(() => refuse(500, { code: 'internal', message: 'not expected' }));
    const { user } = renderCheckout();

    expect(phone()).toHaveProperty('value', PHONE);
    await user.click(placeOrderButton());

    const toast = (await screen.findByText(CHECKOUT_MESSAGES.missingInformationTitle)).closest('li')!;
    expect(within(toast).getByText('Please enter the delivery address')).toBeTruthy();
    expect(document.activeElement).toBe(address());
    expect(address().getAttribute('aria-invalid')).toBe('true');
    // Said once, in the toast: nothing under the field.
    expect(descriptionOf(address())).toBe('');
    expect(server.sent('POST', '/api/orders')).toHaveLength(0);
  });

  it('says under the phone that a wrong number is not one', async () => {
    const server = checkoutServer(() => refuse(500, { code: 'internal', message: 'not expected' }));
    const { user } = renderCheckout();

    await user.type(address(), '14 Ring Road, Osu');
    await user.clear(phone());
    await user.type(phone(), 'call me');
    await user.click(placeOrderButton());

    await waitFor(() => expect(descriptionOf(phone())).toBe(CHECKOUT_MESSAGES.invalidPhone));
    expect(document.activeElement).toBe(phone());
    expect(screen.queryByText(CHECKOUT_MESSAGES.missingInformationTitle)).toBeNull();
    expect(server.sent('POST', '/api/orders')).toHaveLength(0);
  });

  it("places the cart's dishes with the typed details, then opens My Orders", async () => {
    const server = checkoutServer(({ body }) => reply(orderViewSchema, placedOrder(body as PlaceOrderInput), 201));
    const { user } = renderCheckout();

    await user.type(address(), '14 Ring Road, Osu');
    await user.type(screen.getByRole('textbox', { name: /Notes/ }), 'Blue gate');
    await user.click(placeOrderButton());

    expect(await screen.findByRole('heading', { name: 'Page /customer/orders' })).toBeTruthy();
    const [sent, ...more] = server.sent('POST', '/api/orders');
    expect(more).toHaveLength(0);
    expect(sent?.body).toEqual({
      orderId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      restaurantId: RESTAURANT_ID,
      items: [
        { menuItemId: JOLLOF, quantity: 2 },
        { menuItemId: KELEWELE, quantity: 1 },
      ],
      deliveryAddress: '14 Ring Road, Osu',
      deliveryPhone: PHONE,
      notes: 'Blue gate',
      deliveryLatitude: null,
      deliveryLongitude: null,
      paymentMethod: 'cash',
    });
    expect(await screen.findByText(CHECKOUT_MESSAGES.placed)).toBeTruthy();
    expect(screen.getByText(/pay GH₵\s?105\.50 in cash when it arrives/)).toBeTruthy();
    expect(cartStore.get()).toBeNull();
  });

  it("shows the server's refusal of a field under that field, without an error toast", async () => {
    const refusal = 'Please enter a phone number we can call';
    const server = checkoutServer(() =>
      refuse(400, { code: 'bad_request', message: refusal, fields: { deliveryPhone: refusal } }),
    );
    const { user } = renderCheckout();

    await user.type(address(), '14 Ring Road, Osu');
    await user.click(placeOrderButton());

    await waitFor(() => expect(descriptionOf(phone())).toBe(refusal));
    expect(document.activeElement).toBe(phone());
    expect(server.sent('POST', '/api/orders')).toHaveLength(1);
    expect(screen.queryByText('Error')).toBeNull();
    expect(screen.queryByRole('heading', { name: /^Page / })).toBeNull();
    expect(cartStore.get()).toEqual(cart);
  });
});

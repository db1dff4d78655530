import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicConfigSchema } from '@shared/config.js';
import { DELIVERY_MESSAGES, deliveryQuoteViewSchema, type DeliveryQuoteView } from '@shared/delivery/fees.js';
import type { OptionGroup } from '@shared/menu/options.js';
import { CHECKOUT_MESSAGES, orderViewSchema, type OrderView, type PlaceOrderInput } from '@shared/orders/schemas.js';
import { savedPlaceListSchema } from '@shared/places/schemas.js';
import type { CardIntentInput } from '@shared/payments/schemas.js';
import { HOURS_MESSAGES, PROPOSED_HOURS, WEEKDAYS } from '@shared/restaurants/hours.js';
import { publicRestaurantSchema, type PublicRestaurant } from '@shared/restaurants/schemas.js';
import type { Cart } from '@/components/cart/cart.js';
import { cartStore } from '@/components/cart/useCart.js';
import { setDeliveryLocation } from '@/components/maps/deliveryLocation.js';
import { fakeServer, gate, refuse, reply, type Routes } from '@/test/fakeServer.js';
import { descriptionOf, renderPage, sessionFor } from '@/test/render.js';
import { EXTRAS, PROTEIN } from '@/test/menu.js';
import { publicRestaurant } from '@/test/restaurants.js';
import CheckoutPage from './CheckoutPage.js';

const RESTAURANT_ID = '0b6f3c52-3f0e-4b8e-9f5e-6a1d2c3b4a50';
const JOLLOF = '5c0d7a3e-1b2c-4d5e-8f90-a1b2c3d4e5f6';
const KELEWELE = '9e8d7c6b-5a49-4382-a716-151413121110';
const PHONE = '+233 24 123 4567';

const cart: Cart = {
  restaurant: { id: RESTAURANT_ID, name: 'Osu Chop Bar', currencySymbol: 'GH₵' },
  lines: [
    { menuItemId: JOLLOF, name: 'Jollof Rice', price: 4500, quantity: 2, choiceIds: [], choices: [] },
    { menuItemId: KELEWELE, name: 'Kelewele', price: 1550, quantity: 1, choiceIds: [], choices: [] },
  ],
};

const CHICKEN = PROTEIN.choices[0]!;
const FISH = PROTEIN.choices[1]!;
const SHITO = EXTRAS.choices[0]!;
/** A choice as a cart line keeps it. */
const chosen = (group: OptionGroup, choice: OptionGroup['choices'][number]) => ({
  group: group.name,
  name: choice.name,
  priceDelta: choice.priceDelta,
});

/** Jollof twice with Fish and Shito (GH₵51.00 each), and once with Chicken: two lines of one dish. */
const cartWithChoices: Cart = {
  restaurant: cart.restaurant,
  lines: [
    {
      menuItemId: JOLLOF,
      name: 'Jollof Rice',
      price: 5100,
      quantity: 2,
      choiceIds: [FISH.id, SHITO.id],
      choices: [chosen(PROTEIN, FISH), chosen(EXTRAS, SHITO)],
    },
    {
      menuItemId: JOLLOF,
      name: 'Jollof Rice',
      price: 4500,
      quantity: 1,
      choiceIds: [CHICKEN.id],
      choices: [chosen(PROTEIN, CHICKEN)],
    },
  ],
};

/** The food of `cart` at the menu's prices: 2 × 45.00 + 15.50. */
const SUBTOTAL = 10_550;

/** GET /api/delivery/quote's answer for the cart's restaurant: GH₵8.00 to anywhere in reach, no minimum. */
const QUOTE: DeliveryQuoteView = {
  currencySymbol: 'GH₵',
  deliverable: true,
  deliveryFee: 800,
  meters: null,
  message: null,
  pinRequired: false,
  minOrderAmount: 0,
};

/** GET /api/restaurants/:id's answer: open at all hours and without a pin, so the delivery map opens at the fallback centre. */
const RESTAURANT = publicRestaurant({ id: RESTAURANT_ID, name: 'Osu Chop Bar' });

/** POST /api/orders's reply: the order as its customer sees it. */
function placedOrder(input: PlaceOrderInput): OrderView {
  const id = input.orderId ?? crypto.randomUUID();
  const deliveryFee = input.deliveryFee ?? 0;
  const tipAmount = input.tipAmount ?? 0;
  return {
    id,
    shortId: id.slice(0, 8),
    restaurantId: input.restaurantId,
    restaurantName: 'Osu Chop Bar',
    status: 'pending',
    statusLabel: 'Pending',
    items: [
      { menuItemId: JOLLOF, name: 'Jollof Rice', quantity: 2, price: 4500, choices: [] },
      { menuItemId: KELEWELE, name: 'Kelewele', quantity: 1, price: 1550, choices: [] },
    ],
    subtotalAmount: SUBTOTAL,
    deliveryFee,
    tipAmount,
    totalAmount: SUBTOTAL + deliveryFee + tipAmount,
    currencySymbol: 'GH₵',
    paymentMethod: 'cash',
    paymentStatus: null,
    deliveryAddress: input.deliveryAddress,
    deliveryPhone: input.deliveryPhone,
    deliveryLatitude: null,
    deliveryLongitude: null,
    deliveryLandmark: input.deliveryLandmark ?? null,
    deliveryGpsCode: input.deliveryGpsCode ?? null,
    notes: input.notes ?? null,
    createdAt: new Date().toISOString(),
    deliveryCode: null,
    driver: null,
    cancelReason: null,
    expectedArrival: null,
    doorWait: null,
    doorPhotoUrl: null,
  };
}

interface CheckoutServerOptions {
  /** GET /api/delivery/quote (default: QUOTE). */
  quote?: Routes[string];
  /** Whether the server takes cards, and how it answers a card checkout. */
  cardIntent?: Routes[string];
  /** GET /api/restaurants/:id (default: RESTAURANT). */
  restaurant?: Routes[string];
}

/** What the checkout asks the server for; `placeOrder` answers the order itself. */
function checkoutServer(
  placeOrder: Routes[string],
  {
    quote = () => reply(deliveryQuoteViewSchema, QUOTE),
    cardIntent,
    restaurant = () => reply(publicRestaurantSchema, RESTAURANT),
  }: CheckoutServerOptions = {},
) {
  return fakeServer({
    'GET /api/config': () =>
      reply(publicConfigSchema, {
        tileUrl: '',
        cardPayments: cardIntent
          ? { enabled: true, publicKey: 'pk_test_1', scriptUrl: 'https://js.pay.example.com/v2/inline.js' }
          : { enabled: false, publicKey: null, scriptUrl: '' },
      }),
    'GET /api/delivery/quote': quote,
    ...(cardIntent && { 'POST /api/payments/card/intents': cardIntent }),
    'GET /api/restaurants/:id': restaurant,
    'POST /api/orders': placeOrder,
    'GET /api/places': () => reply(savedPlaceListSchema, { places: [] }),
  });
}

function renderCheckout() {
  return renderPage(<CheckoutPage />, { path: '/customer/checkout', session: sessionFor('customer', PHONE) });
}

const address = () => screen.getByRole('textbox', { name: 'Delivery address' });
const phone = () => screen.getByRole('textbox', { name: 'Phone number' });
const placeOrderButton = () => screen.getByRole('button', { name: 'Place Order' });

/** Place Order can be pressed once the delivery fee is known. */
const feeKnown = () => waitFor(() => expect(placeOrderButton()).toHaveProperty('disabled', false));

/** The order's money lines before it is placed, label to amount as shown. */
function charges(): Record<string, string> {
  const list = screen.getByLabelText('Order total');
  return Object.fromEntries(
    [...list.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']),
  );
}

beforeEach(() => {
  cartStore.set(cart);
  sessionStorage.clear();
});

describe('the checkout form', () => {
  it("says what is missing in SPEC's 'Missing information' toast and focuses the empty address, sending nothing", async () => {
    const server = checkoutServer(() => refuse(500, { code: 'internal', message: 'not expected' }));
    const { user } = renderCheckout();

    expect(phone()).toHaveProperty('value', PHONE);
    await feeKnown();
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
    await feeKnown();
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
    await feeKnown();
    await user.click(placeOrderButton());

    expect(await screen.findByRole('heading', { name: 'Page /customer/orders' })).toBeTruthy();
    const [sent, ...more] = server.sent('POST', '/api/orders');
    expect(more).toHaveLength(0);
    expect(sent?.body).toEqual({
      orderId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      restaurantId: RESTAURANT_ID,
      items: [
        { menuItemId: JOLLOF, quantity: 2, choiceIds: [] },
        { menuItemId: KELEWELE, quantity: 1, choiceIds: [] },
      ],
      deliveryAddress: '14 Ring Road, Osu',
      deliveryPhone: PHONE,
      notes: 'Blue gate',
      deliveryLandmark: null,
      deliveryGpsCode: null,
      deliveryLatitude: null,
      deliveryLongitude: null,
      tipAmount: 0,
      deliveryFee: 800,
      paymentMethod: 'cash',
    });
    expect(await screen.findByText(CHECKOUT_MESSAGES.placed)).toBeTruthy();
    expect(screen.getByText(/pay GH₵\s?113\.50 in cash when it arrives/)).toBeTruthy();
    expect(cartStore.get()).toBeNull();
  });

  it("shows each dish's choices under its name, and sends the choices' ids with each line", async () => {
    cartStore.set(cartWithChoices);
    const server = checkoutServer(({ body }) => reply(orderViewSchema, placedOrder(body as PlaceOrderInput), 201));
    const { user } = renderCheckout();

    expect(screen.getByText('Fish, Shito')).toBeTruthy();
    expect(screen.getByText('Chicken')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Jollof Rice (Chicken)' }));
    expect(cartStore.get()?.lines.map((line) => line.quantity)).toEqual([2, 2]);

    await user.type(address(), '14 Ring Road, Osu');
    await feeKnown();
    await user.click(placeOrderButton());

    await screen.findByRole('heading', { name: 'Page /customer/orders' });
    expect((server.sent('POST', '/api/orders')[0]?.body as PlaceOrderInput).items).toEqual([
      { menuItemId: JOLLOF, quantity: 2, choiceIds: [FISH.id, SHITO.id] },
      { menuItemId: JOLLOF, quantity: 2, choiceIds: [CHICKEN.id] },
    ]);
  });

  it("shows the server's refusal of a field under that field, without an error toast", async () => {
    const refusal = 'Please enter a phone number we can call';
    const server = checkoutServer(() =>
      refuse(400, { code: 'bad_request', message: refusal, fields: { deliveryPhone: refusal } }),
    );
    const { user } = renderCheckout();

    await user.type(address(), '14 Ring Road, Osu');
    await feeKnown();
    await user.click(placeOrderButton());

    await waitFor(() => expect(descriptionOf(phone())).toBe(refusal));
    expect(document.activeElement).toBe(phone());
    expect(server.sent('POST', '/api/orders')).toHaveLength(1);
    expect(screen.queryByText('Error')).toBeNull();
    expect(screen.queryByRole('heading', { name: /^Page / })).toBeNull();
    expect(cartStore.get()).toEqual(cart);
  });
});

describe('the delivery fee', () => {
  it('is worked out by the server for the restaurant, then shown with the subtotal, tip and total', async () => {
    const quoted = gate();
    const server = checkoutServer(() => refuse(500, { code: 'internal', message: 'not expected' }), {
      quote: async () => {
        await quoted.passed;
        return reply(deliveryQuoteViewSchema, QUOTE);
      },
    });
    renderCheckout();

    await waitFor(() => expect(charges()['Delivery fee']).toBe('Working out...'));
    expect(charges().Total).toBe('—not known yet');
    expect(placeOrderButton()).toHaveProperty('disabled', true);
    expect(descriptionOf(placeOrderButton())).toBe('Working out the delivery fee...');

    quoted.open();
    await feeKnown();
    expect(charges()).toEqual({ Subtotal: 'GH₵105.50', 'Delivery fee': 'GH₵8.00', Tip: 'GH₵0.00', Total: 'GH₵113.50' });
    const [asked] = server.sent('GET', '/api/delivery/quote');
    expect(Object.fromEntries(asked!.query)).toEqual({ restaurantId: RESTAURANT_ID });
  });

  it("is priced to the customer's delivery place, which the order then carries", async () => {
    setDeliveryLocation({ latitude: 5.556, longitude: -0.1826 });
    const server = checkoutServer(({ body }) => reply(orderViewSchema, placedOrder(body as PlaceOrderInput), 201), {
      quote: () => reply(deliveryQuoteViewSchema, { ...QUOTE, deliveryFee: 1200, meters: 4200 }),
    });
    const { user } = renderCheckout();

    await feeKnown();
    expect(charges()['Delivery fee']).toBe('GH₵12.00');
    expect(Object.fromEntries(server.sent('GET', '/api/delivery/quote')[0]!.query)).toEqual({
      restaurantId: RESTAURANT_ID,
      latitude: '5.556',
      longitude: '-0.1826',
    });
    expect(screen.getByText(/Pin at 5\.556000, -0\.182600/)).toBeTruthy();

    await user.type(address(), '14 Ring Road, Osu');
    await user.click(placeOrderButton());
    await screen.findByRole('heading', { name: 'Page /customer/orders' });
    expect(server.sent('POST', '/api/orders')[0]?.body).toMatchObject({
      deliveryLatitude: 5.556,
      deliveryLongitude: -0.1826,
      deliveryFee: 1200,
      tipAmount: 0,
    });
  });

  it('says Free when the delivery costs nothing', async () => {
    checkoutServer(() => refuse(500, { code: 'internal', message: 'not expected' }), {
      quote: () => reply(deliveryQuoteViewSchema, { ...QUOTE, deliveryFee: 0 }),
    });
    renderCheckout();

    await feeKnown();
    expect(charges()).toMatchObject({ 'Delivery fee': 'Free', Total: 'GH₵105.50' });
  });

  it("says 'Too far to deliver' with the server's reason, and the order cannot be placed", async () => {
    const tooFar = DELIVERY_MESSAGES.tooFar(16_400, 15_000);
    const server = checkoutServer(() => refuse(500, { code: 'internal', message: 'not expected' }), {
      quote: () =>
        reply(deliveryQuoteViewSchema, { ...QUOTE, deliverable: false, deliveryFee: 0, meters: 16_400, message: tooFar }),
    });
    const { user } = renderCheckout();

    expect(await screen.findByText(tooFar)).toBeTruthy();
    expect(charges()).toMatchObject({ 'Delivery fee': DELIVERY_MESSAGES.tooFarShort, Total: '—not known yet' });
    expect(placeOrderButton()).toHaveProperty('disabled', true);
    expect(descriptionOf(placeOrderButton())).toBe('Too far to deliver');

    await user.type(address(), '14 Ring Road, Osu');
    await user.click(placeOrderButton());
    expect(server.sent('POST', '/api/orders')).toHaveLength(0);
  });

  it('asks for the delivery location where the fee goes by distance, and prices the order once the customer gives it', async () => {
    const pinned = { ...QUOTE, pinRequired: true, meters: 5200 };
    const unpinned = { ...pinned, deliverable: false, deliveryFee: 0, meters: null, message: DELIVERY_MESSAGES.needsPin };
    const server = checkoutServer(({ body }) => reply(orderViewSchema, placedOrder(body as PlaceOrderInput), 201), {
      quote: ({ query }) => reply(deliveryQuoteViewSchema, query.has('latitude') ? pinned : unpinned),
    });
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (found: PositionCallback) =>
          found({ coords: { latitude: 5.6, longitude: -0.19 } } as GeolocationPosition),
      },
    });
    const { user } = renderCheckout();

    expect(await screen.findByText(DELIVERY_MESSAGES.needsPin)).toBeTruthy();
    expect(screen.getByText('No pin yet: set one to see the delivery fee.')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Delivery location' })).toBeTruthy();
    expect(charges()).toMatchObject({ 'Delivery fee': 'Needs your location', Total: '—not known yet' });
    expect(placeOrderButton()).toHaveProperty('disabled', true);
    expect(descriptionOf(placeOrderButton())).toBe('Set the delivery location first');

    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    await feeKnown();
    expect(screen.queryByText(DELIVERY_MESSAGES.needsPin)).toBeNull();
    await user.type(address(), '14 Ring Road, Osu');
    await user.click(placeOrderButton());
    await screen.findByRole('heading', { name: 'Page /customer/orders' });
    expect(server.sent('POST', '/api/orders')[0]?.body).toMatchObject({
      deliveryLatitude: 5.6,
      deliveryLongitude: -0.19,
      deliveryFee: 800,
    });
  });

  it("says how much more food the restaurant's minimum order needs, and the order cannot be placed until then", async () => {
    checkoutServer(() => refuse(500, { code: 'internal', message: 'not expected' }), {
      quote: () => reply(deliveryQuoteViewSchema, { ...QUOTE, minOrderAmount: 11_000 }),
    });
    const { user } = renderCheckout();

    const minimum = "This restaurant's minimum order is GH₵110.00: add GH₵4.50 more.";
    expect(minimum).toBe(DELIVERY_MESSAGES.belowMinimum(11_000, 450, 'GH₵'));
    await waitFor(() => expect(descriptionOf(placeOrderButton())).toBe(minimum));
    expect(screen.getAllByText(minimum)).toHaveLength(2);
    expect(placeOrderButton()).toHaveProperty('disabled', true);
    expect(charges()).toMatchObject({ 'Delivery fee': 'GH₵8.00', Total: 'GH₵113.50' });

    // One more Kelewele brings the food to GH₵121.00.
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Kelewele' }));
    await feeKnown();
    expect(screen.queryByText(minimum)).toBeNull();
  });

  it('can be tried again when it could not be worked out', async () => {
    let answer: Response = refuse(503, { code: 'internal', message: 'down' });
    checkoutServer(() => refuse(500, { code: 'internal', message: 'not expected' }), { quote: () => answer });
    const { user } = renderCheckout();

    expect(await screen.findByText(/The delivery fee could not be worked out\. Check your connection/)).toBeTruthy();
    expect(placeOrderButton()).toHaveProperty('disabled', true);
    answer = reply(deliveryQuoteViewSchema, QUOTE);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await feeKnown();
    expect(charges()['Delivery fee']).toBe('GH₵8.00');
  });

  it("shows the new fee when the server's price changed, and places the order at it the second time", async () => {
    let fee = 800;
    const server = checkoutServer(
      ({ body }) => {
        const input = body as PlaceOrderInput;
        if (input.deliveryFee !== fee)
          return refuse(409, { code: 'conflict', message: DELIVERY_MESSAGES.feeChanged(fee, 'GH₵') });
        return reply(orderViewSchema, placedOrder(input), 201);
      },
      { quote: () => reply(deliveryQuoteViewSchema, { ...QUOTE, deliveryFee: fee }) },
    );
    const { user } = renderCheckout();

    await user.type(address(), '14 Ring Road, Osu');
    await feeKnown();
    fee = 1000;
    await user.click(placeOrderButton());

    const changed = DELIVERY_MESSAGES.feeChanged(1000, 'GH₵');
    expect(await screen.findByText(`Failed to place order. ${changed}`)).toBeTruthy();
    await waitFor(() => expect(charges()['Delivery fee']).toBe('GH₵10.00'));
    expect(charges().Total).toBe('GH₵115.50');
    expect(server.sent('GET', '/api/delivery/quote')).toHaveLength(2);
    expect(cartStore.get()).toEqual(cart);

    await feeKnown();
    await user.click(placeOrderButton());
    await screen.findByRole('heading', { name: 'Page /customer/orders' });
    expect(server.sent('POST', '/api/orders').map((request) => (request.body as PlaceOrderInput).deliveryFee)).toEqual([
      800, 1000,
    ]);
  });
});

describe('the tip', () => {
  const tipGroup = () => screen.getByRole('radiogroup', { name: 'Tip your rider' });

  it('offers None, 5, 10 and 15 % of the food rounded up, and Other; all of it goes to the rider', async () => {
    checkoutServer(() => refuse(500, { code: 'internal', message: 'not expected' }));
    renderCheckout();
    await feeKnown();

    const choices = within(tipGroup()).getAllByRole('radio');
    expect(choices.map((choice) => choice.getAttribute('aria-label') ?? choice.textContent)).toEqual([
      'None',
      'GH₵6.00 (5%)',
      'GH₵11.00 (10%)',
      'GH₵16.00 (15%)',
      'Other',
    ]);
    expect(within(tipGroup()).getByRole('radio', { name: 'None' }).getAttribute('aria-checked')).toBe('true');
    expect(descriptionOf(tipGroup())).toBe('All of your tip goes to your rider.');
  });

  it('adds a suggested tip to the total and sends it with the fee', async () => {
    const server = checkoutServer(({ body }) => reply(orderViewSchema, placedOrder(body as PlaceOrderInput), 201));
    const { user } = renderCheckout();
    await feeKnown();

    await user.click(within(tipGroup()).getByRole('radio', { name: 'GH₵11.00 (10%)' }));
    expect(charges()).toEqual({ Subtotal: 'GH₵105.50', 'Delivery fee': 'GH₵8.00', Tip: 'GH₵11.00', Total: 'GH₵124.50' });

    await user.type(address(), '14 Ring Road, Osu');
    await user.click(placeOrderButton());
    await screen.findByRole('heading', { name: 'Page /customer/orders' });
    expect(server.sent('POST', '/api/orders')[0]?.body).toMatchObject({ tipAmount: 1100, deliveryFee: 800 });
    expect(screen.getByText(/pay GH₵\s?124\.50 in cash when it arrives/)).toBeTruthy();
  });

  it('refuses an Other tip that is not an amount, or more than the food, under its field, and sends the one typed', async () => {
    const server = checkoutServer(({ body }) => reply(orderViewSchema, placedOrder(body as PlaceOrderInput), 201));
    const { user } = renderCheckout();
    await feeKnown();
    await user.type(address(), '14 Ring Road, Osu');

    await user.click(within(tipGroup()).getByRole('radio', { name: 'Other' }));
    const other = screen.getByRole('textbox', { name: 'Your tip (GH₵)' });
    await user.type(other, 'five');
    expect(charges()).toMatchObject({ Tip: '—not known yet', Total: '—not known yet' });
    await user.click(placeOrderButton());

    await waitFor(() => expect(descriptionOf(other)).toBe('Enter the tip as an amount, such as 5 or 5.50'));
    expect(other.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(other);
    expect(server.sent('POST', '/api/orders')).toHaveLength(0);

    await user.clear(other);
    await user.type(other, '200');
    expect(descriptionOf(other)).toBe(CHECKOUT_MESSAGES.tipOverSubtotal);

    await user.clear(other);
    await user.type(other, '7.5');
    expect(descriptionOf(other)).toBe('');
    expect(charges()).toMatchObject({ Tip: 'GH₵7.50', Total: 'GH₵121.00' });
    await user.click(placeOrderButton());
    await screen.findByRole('heading', { name: 'Page /customer/orders' });
    expect(server.sent('POST', '/api/orders')[0]?.body).toMatchObject({ tipAmount: 750, deliveryFee: 800 });
  });
});

describe('paying by card or mobile money', () => {
  it('offers Paystack under its new name and starts the intent with the tip and the fee shown', async () => {
    const server = checkoutServer(() => refuse(500, { code: 'internal', message: 'not expected' }), {
      cardIntent: () => refuse(409, { code: 'conflict', message: DELIVERY_MESSAGES.feeChanged(900, 'GH₵') }),
    });
    const { user } = renderCheckout();
    await feeKnown();
    await user.type(address(), '14 Ring Road, Osu');

    const cardChoice = await screen.findByRole('radio', { name: /^Pay with card or mobile money/ });
    await user.click(cardChoice);
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Tip your rider' })).getByRole('radio', { name: 'GH₵6.00 (5%)' }),
    );
    await user.click(screen.getByRole('button', { name: 'Pay GH₵119.50' }));

    await waitFor(() => expect(server.sent('POST', '/api/payments/card/intents')).toHaveLength(1));
    const body = server.sent('POST', '/api/payments/card/intents')[0]?.body as CardIntentInput;
    expect(body).toMatchObject({ restaurantId: RESTAURANT_ID, tipAmount: 600, deliveryFee: 800 });
    expect(body).not.toHaveProperty('paymentMethod');
    expect(await screen.findByText(`Failed to place order. ${DELIVERY_MESSAGES.feeChanged(900, 'GH₵')}`)).toBeTruthy();
    // The refused price is asked for again.
    await waitFor(() => expect(server.sent('GET', '/api/delivery/quote')).toHaveLength(2));
    expect(server.sent('POST', '/api/orders')).toHaveLength(0);
  });

  it("starts the intent with the choices' ids of each line", async () => {
    cartStore.set(cartWithChoices);
    const server = checkoutServer(() => refuse(500, { code: 'internal', message: 'not expected' }), {
      cardIntent: () => refuse(503, { code: 'internal', message: 'down' }),
    });
    const { user } = renderCheckout();
    await feeKnown();
    await user.type(address(), '14 Ring Road, Osu');

    await user.click(await screen.findByRole('radio', { name: /^Pay with card or mobile money/ }));
    await user.click(screen.getByRole('button', { name: 'Pay GH₵155.00' }));

    await waitFor(() => expect(server.sent('POST', '/api/payments/card/intents')).toHaveLength(1));
    expect((server.sent('POST', '/api/payments/card/intents')[0]?.body as CardIntentInput).items).toEqual([
      { menuItemId: JOLLOF, quantity: 2, choiceIds: [FISH.id, SHITO.id] },
      { menuItemId: JOLLOF, quantity: 1, choiceIds: [CHICKEN.id] },
    ]);
  });
});

describe('a restaurant not taking orders', () => {
  const closedAllWeek = { ...RESTAURANT, openingHours: { weekly: WEEKDAYS.map(() => []), closedDates: [] } };

  afterEach(() => {
    vi.useRealTimers();
  });

  it('cannot be ordered from, by cash or card, and the checkout says why beside the button', async () => {
    const server = checkoutServer(() => refuse(500, { code: 'internal', message: 'not expected' }), {
      restaurant: () => reply(publicRestaurantSchema, closedAllWeek),
      cardIntent: () => refuse(500, { code: 'internal', message: 'not expected' }),
    });
    const { user } = renderCheckout();

    await waitFor(() => expect(descriptionOf(placeOrderButton())).toBe(HOURS_MESSAGES.closedNow(null)));
    expect(placeOrderButton()).toHaveProperty('disabled', true);
    await user.type(address(), '14 Ring Road, Osu');
    await user.click(placeOrderButton());

    await user.click(await screen.findByRole('radio', { name: /^Pay with card or mobile money/ }));
    const pay = screen.getByRole('button', { name: 'Pay GH₵113.50' });
    expect(pay).toHaveProperty('disabled', true);
    expect(descriptionOf(pay)).toBe(HOURS_MESSAGES.closedNow(null));
    await user.click(pay);
    expect(server.sent('POST', '/api/orders')).toHaveLength(0);
    expect(server.sent('POST', '/api/payments/card/intents')).toHaveLength(0);
  });

  it('says when it opens, and can be ordered from once it does', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T09:59:59.500Z'));
    checkoutServer(() => refuse(500, { code: 'internal', message: 'not expected' }), {
      restaurant: () => reply(publicRestaurantSchema, { ...RESTAURANT, openingHours: PROPOSED_HOURS }),
    });
    renderCheckout();

    await waitFor(() => expect(descriptionOf(placeOrderButton())).toBe('This restaurant is closed now: it opens 10:00'));
    expect(placeOrderButton()).toHaveProperty('disabled', true);

    vi.setSystemTime(new Date('2026-03-02T10:00:00.100Z'));
    await feeKnown();
    expect(descriptionOf(placeOrderButton())).toBe('');
  });

  it('takes orders again by itself when its pause ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T13:29:59.500Z'));
    checkoutServer(() => refuse(500, { code: 'internal', message: 'not expected' }), {
      restaurant: () => reply(publicRestaurantSchema, { ...RESTAURANT, pause: { until: '2026-03-02T13:30:00.000Z' } }),
    });
    renderCheckout();

    await waitFor(() => expect(descriptionOf(placeOrderButton())).toBe('This restaurant is not taking orders until 13:30'));
    expect(placeOrderButton()).toHaveProperty('disabled', true);

    vi.setSystemTime(new Date('2026-03-02T13:30:00.100Z'));
    await feeKnown();
  });

  it("shows the server's refusal when it paused meanwhile, then says so beside the button", async () => {
    let pause: PublicRestaurant['pause'] = null;
    const server = checkoutServer(
      () => {
        pause = { until: null };
        return refuse(422, { code: 'unprocessable', message: HOURS_MESSAGES.pausedNow(null) });
      },
      { restaurant: () => reply(publicRestaurantSchema, { ...RESTAURANT, pause }) },
    );
    const { user } = renderCheckout();

    await user.type(address(), '14 Ring Road, Osu');
    await feeKnown();
    await user.click(placeOrderButton());

    expect(await screen.findByText(`Failed to place order. ${HOURS_MESSAGES.pausedNow(null)}`)).toBeTruthy();
    await waitFor(() => expect(descriptionOf(placeOrderButton())).toBe(HOURS_MESSAGES.pausedNow(null)));
    expect(placeOrderButton()).toHaveProperty('disabled', true);
    expect(server.sent('POST', '/api/orders')).toHaveLength(1);
    expect(server.sent('GET', `/api/restaurants/${RESTAURANT_ID}`)).toHaveLength(2);
    expect(cartStore.get()).toEqual(cart);
  });
});

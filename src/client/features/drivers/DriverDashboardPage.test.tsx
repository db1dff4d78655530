import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publicConfigSchema } from '@shared/config.js';
import {
  DRIVER_MESSAGES,
  driverStatusSchema,
  storedPositionSchema,
  type DriverPosition,
  type DriverStatus,
} from '@shared/drivers/schemas.js';
import {
  availableOrderPageSchema,
  deliveryPageSchema,
  orderMovedSchema,
  type AvailableOrderView,
  type OrderMoved,
} from '@shared/orders/views.js';
import { CARRY_MESSAGES } from '@shared/drivers/batching.js';
import { carriedOrder, readyOrder } from '@/test/availableOrders.js';
import { fakeServer, reply } from '@/test/fakeServer.js';
import { renderPage, sessionFor } from '@/test/render.js';
import DriverDashboardPage from './DriverDashboardPage.js';
import { TRACKING_ERRORS } from './trackingError.js';

const session = sessionFor('driver');
const ORDER = '0b6f1c2e-8d4a-4e6b-9f3c-5a7d2e1b4c60';
const OSU: DriverPosition = { latitude: 5.556, longitude: -0.182 };

const waiting = readyOrder(ORDER);
const offered: AvailableOrderView = { ...waiting, offerSecondsLeft: 30 };

const moved = (order: AvailableOrderView): OrderMoved => ({
  id: order.id,
  shortId: order.shortId,
  status: 'ready',
  statusLabel: 'Ready',
  driverId: null,
});

/** The rider's status as the server answers it, verified and unavailable. */
const driverStatusOf = (): DriverStatus => ({
  userId: session.user.id,
  fullName: 'Ama Mensah',
  isVerified: true,
  isAvailable: false,
  pausedForMissedOffers: false,
  maxCarriedOrders: 2,
  latitude: null,
  longitude: null,
  lastLocationUpdate: null,
  vehicleType: 'bike',
  vehicleModel: 'Honda CG 125',
  plateNumber: 'GR 1234-26',
});

/**
 * The API of a verified rider who is unavailable, with one order waiting (or the one given), and
 * their status as given: availability and positions are kept as sent, accepting moves the order
 * to their deliveries and declining takes it off the list.
 */
function driverServer({
  order = waiting,
  status: given = {},
}: { order?: AvailableOrderView; status?: Partial<DriverStatus> } = {}) {
  let listed = [order];
  let delivering: AvailableOrderView[] = [];
  let status: DriverStatus = { ...driverStatusOf(), ...given };
  return fakeServer({
    'GET /api/config': () =>
      reply(publicConfigSchema, { tileUrl: '', cardPayments: { enabled: false, publicKey: null, scriptUrl: '' } }),
    'GET /api/drivers/me': () => reply(driverStatusSchema, status),
    'PATCH /api/drivers/me/availability': ({ body }) => {
      status = { ...status, isAvailable: (body as { available: boolean }).available };
      return reply(driverStatusSchema, status);
    },
    'PUT /api/drivers/me/location': ({ body }) =>
      reply(storedPositionSchema, { ...(body as DriverPosition), lastLocationUpdate: '2026-11-27T12:00:05.000Z' }),
    'GET /api/orders/available': () => reply(availableOrderPageSchema, { items: listed, nextCursor: null }),
    'GET /api/orders/deliveries': () =>
      reply(deliveryPageSchema, { items: delivering.map((taken) => carriedOrder(taken)), nextCursor: null }),
    'PATCH /api/orders/:id/status': () => {
      delivering = listed;
      listed = [];
      return reply(orderMovedSchema, { ...moved(order), status: 'accepted', statusLabel: 'En Route to Restaurant' });
    },
    'POST /api/orders/:id/decline': () => {
      listed = [];
      return reply(orderMovedSchema, moved(order));
    },
  });
}

/** A device whose location watch answers, once it has returned as browsers do: a position, or a GeolocationPositionError code. */
function deviceAt(answer: DriverPosition | number) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      watchPosition: (found: PositionCallback, failed: PositionErrorCallback) => {
        setTimeout(() => {
          if (typeof answer === 'number') {
            failed({ code: answer, message: 'no', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 });
          } else {
            found({ coords: answer, timestamp: Date.now() } as GeolocationPosition);
          }
        });
        return 1;
      },
      clearWatch: () => undefined,
    },
  });
}

const page = () => renderPage(<DriverDashboardPage />, { path: '/driver', session });
const availableOrders = async () => within(await screen.findByRole('tabpanel', { name: /^Available/ }));

describe('the driver dashboard going online', () => {
  it.each([
    ['blocked', 1, TRACKING_ERRORS.denied],
    ['not found', 2, TRACKING_ERRORS.unavailable],
  ])('leaves a rider whose location is %s unavailable, and says why', async (_case, code, why) => {
    const server = driverServer();
    deviceAt(code);
    const { user } = page();

    await user.click(await screen.findByRole('button', { name: 'Go Online' }));

    expect((await screen.findByRole('alert')).textContent).toBe(why);
    expect(server.sent('PATCH', '/api/drivers/me/availability')).toHaveLength(0);
    expect(screen.queryByText(DRIVER_MESSAGES.nowAvailable)).toBeNull();
    expect(screen.queryByText(DRIVER_MESSAGES.trackingStarted)).toBeNull();
  });

  it('makes a rider available once the device gives their position, and tells them, once they switch Unavailable, to switch Available on rather than to go online', async () => {
    const server = driverServer();
    deviceAt(OSU);
    const { user } = page();
    expect(await (await availableOrders()).findByText(DRIVER_MESSAGES.offline)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Go Online' }));

    expect(await screen.findByText(DRIVER_MESSAGES.nowAvailable)).toBeTruthy();
    expect(server.sent('PATCH', '/api/drivers/me/availability').map((request) => request.body)).toEqual([{ available: true }]);
    expect(server.sent('PUT', '/api/drivers/me/location').map((request) => request.body)).toEqual([OSU]);
    await waitFor(async () => expect((await availableOrders()).queryByText(DRIVER_MESSAGES.offline)).toBeNull());

    await user.click(screen.getByRole('switch', { name: 'Available for orders' }));

    expect(await screen.findByText(DRIVER_MESSAGES.nowUnavailable)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Offline' })).toBeTruthy();
    expect(await (await availableOrders()).findByText(DRIVER_MESSAGES.unavailable)).toBeTruthy();
    expect(screen.queryByText(DRIVER_MESSAGES.offline)).toBeNull();
  });
});

describe('an order dispatch offers the rider', () => {
  const offerCard = async () => {
    const card = (await screen.findByText(DRIVER_MESSAGES.offer)).closest('article');
    if (!(card instanceof HTMLElement)) throw new Error('the offer is not a card');
    return within(card);
  };

  it('comes first on the dashboard with the seconds left, and Accept Offer takes it into My Deliveries', async () => {
    const server = driverServer({ order: offered, status: { isAvailable: true } });
    const { user } = page();

    const card = await offerCard();
    expect(card.getByText(DRIVER_MESSAGES.offer)).toBeTruthy();
    expect(card.getByText(/^(30|29) s left to accept$/)).toBeTruthy();
    const progress = card.getByRole('progressbar', { name: 'Time left to accept' });
    expect(progress.getAttribute('aria-valuemax')).toBe('30');
    await user.click(card.getByRole('button', { name: DRIVER_MESSAGES.offerAccept }));

    expect(await screen.findByText(DRIVER_MESSAGES.accepted)).toBeTruthy();
    expect(server.sent('PATCH', `/api/orders/${ORDER}/status`).map((request) => request.body)).toEqual([{ status: 'accepted' }]);
    expect(await screen.findByRole('tab', { name: /^My Deliveries \(1\)/, selected: true })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(DRIVER_MESSAGES.offer)).toBeNull());
  });

  it('is handed on with Decline, which says so', async () => {
    const server = driverServer({ order: offered, status: { isAvailable: true } });
    const { user } = page();

    await user.click((await offerCard()).getByRole('button', { name: DRIVER_MESSAGES.offerDecline }));

    expect(await screen.findByText(DRIVER_MESSAGES.offerDeclined)).toBeTruthy();
    expect(server.sent('POST', `/api/orders/${ORDER}/decline`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText(DRIVER_MESSAGES.offer)).toBeNull());
  });

  it('cannot be answered once its time is up', async () => {
    driverServer({ order: { ...offered, offerSecondsLeft: 0 }, status: { isAvailable: true } });
    page();

    const card = await offerCard();
    expect(card.getByText('Time is up')).toBeTruthy();
    expect(card.getByRole('button', { name: DRIVER_MESSAGES.offerAccept }).hasAttribute('disabled')).toBe(true);
    expect(card.getByRole('button', { name: DRIVER_MESSAGES.offerDecline }).hasAttribute('disabled')).toBe(true);
  });

  it('tells a rider dispatch made unavailable after missed offers why, until they set their availability', async () => {
    driverServer({ status: { isAvailable: false, pausedForMissedOffers: true } });
    page();

    expect((await screen.findByRole('alert')).textContent).toBe(DRIVER_MESSAGES.pausedForMisses);
  });
});

describe('a rider carrying an order (batching)', () => {
  it('may accept another order of the same kitchen, and is told on the card of one too far away why not', async () => {
    const carrying = readyOrder('5d1e0c3a-7b2f-4c8e-9a6d-1f3b5c7e9a20');
    const farKitchen = {
      ...readyOrder('8a2c4e6f-1b3d-4f5a-8c7e-9d0b2a4c6e81'),
      restaurantName: 'Labadi Grill',
      restaurantLatitude: 5.57,
    };
    const status = { ...driverStatusOf(), isAvailable: true };
    fakeServer({
      'GET /api/config': () =>
        reply(publicConfigSchema, { tileUrl: '', cardPayments: { enabled: false, publicKey: null, scriptUrl: '' } }),
      'GET /api/drivers/me': () => reply(driverStatusSchema, status),
      'GET /api/orders/available': () => reply(availableOrderPageSchema, { items: [waiting, farKitchen], nextCursor: null }),
      'GET /api/orders/deliveries': () => reply(deliveryPageSchema, { items: [carriedOrder(carrying)], nextCursor: null }),
    });
    const { user } = page();

    await user.click(await screen.findByRole('tab', { name: /^Available Orders \(2\)/ }));
    const list = await availableOrders();
    const far = within(await list.findByRole('article', { name: 'Labadi Grill' }));
    expect(far.getByText(CARRY_MESSAGES.tooFar)).toBeTruthy();
    expect(far.getByRole<HTMLButtonElement>('button', { name: 'Accept Order' }).disabled).toBe(true);
    const same = within(list.getByRole('article', { name: waiting.restaurantName }));
    expect(same.getByRole<HTMLButtonElement>('button', { name: 'Accept Order' }).disabled).toBe(false);
    expect(list.queryByText(CARRY_MESSAGES.full)).toBeNull();
  });
});

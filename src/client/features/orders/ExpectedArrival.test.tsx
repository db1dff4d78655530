import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deliveryPricingListSchema } from '@shared/delivery/fees.js';
import { orderViewSchema, type OrderView } from '@shared/orders/schemas.js';
import { customerOrderPageSchema } from '@shared/orders/views.js';
import { topics } from '@shared/realtime/events.js';
import { formatTime } from '@/lib/format.js';
import { fakeServer, reply } from '@/test/fakeServer.js';
import { fakeSocket } from '@/test/realtime.js';
import { renderPage, sessionFor } from '@/test/render.js';
import CustomerOrdersPage from './CustomerOrdersPage.js';

const ORDER_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const HOME = { deliveryLatitude: 5.6037, deliveryLongitude: -0.187 };

/** Osu Chop Bar's order on its way to HOME, as My Orders lists it. */
const order = (fields: Partial<OrderView>): OrderView =>
  orderViewSchema.parse({
    id: ORDER_ID,
    shortId: ORDER_ID.slice(0, 8),
    restaurantId: '0b6f3c52-3f0e-4b8e-9f5e-6a1d2c3b4a50',
    restaurantName: 'Osu Chop Bar',
    status: 'preparing',
    statusLabel: 'Preparing',
    items: [{ menuItemId: null, name: 'Jollof Rice', quantity: 1, price: 4500, choices: [] }],
    subtotalAmount: 4500,
    deliveryFee: 0,
    tipAmount: 0,
    totalAmount: 4500,
    currencySymbol: 'GH₵',
    paymentMethod: 'cash',
    paymentStatus: 'pending',
    deliveryAddress: '14 Ring Road, Osu',
    deliveryPhone: '+233 24 123 4567',
    ...HOME,
    deliveryLandmark: null,
    deliveryGpsCode: null,
    notes: null,
    createdAt: '2026-11-28T12:00:00.000Z',
    deliveryCode: null,
    driver: null,
    cancelReason: null,
    ...fields,
  });

/** My Orders answering `current()` as the one active order, and the riders' speed. */
function ordersServer(current: () => OrderView) {
  return fakeServer({
    'GET /api/orders/mine': ({ query }) =>
      reply(customerOrderPageSchema, { items: query.get('tab') === 'active' ? [current()] : [], nextCursor: null }),
    'GET /api/delivery/pricing': () =>
      reply(deliveryPricingListSchema, { roadFactorPercent: 130, averageSpeedKmh: 20, currencies: [] }),
  });
}

const renderOrders = (realtime = fakeSocket()) =>
  renderPage(<CustomerOrdersPage />, { session: sessionFor('customer'), realtime });

const card = async () => screen.findByRole('article', { name: 'Osu Chop Bar' });
const expectedBy = (iso: string) => `Expected by ${formatTime(iso)}`;
/** The card's 'Expected by 12:40 PM' line, its time in the customer's clock. */
const findExpected = async (iso: string) =>
  within(await card()).findByText((_, node) => node?.tagName === 'P' && node.textContent === expectedBy(iso));

describe("the order card's expected arrival", () => {
  it("shows the server's expected arrival in local time, and the new one after each move", async () => {
    let current = order({ expectedArrival: '2026-11-28T12:40:00.000Z' });
    ordersServer(() => current);
    const realtime = fakeSocket();
    renderOrders(realtime);

    const shown = await findExpected('2026-11-28T12:40:00.000Z');
    expect(shown.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-28T12:40:00.000Z');

    current = order({ status: 'ready', statusLabel: 'Ready', expectedArrival: '2026-11-28T12:52:00.000Z' });
    act(() => realtime.raise({ topic: topics.order(ORDER_ID), type: 'order.status', orderId: ORDER_ID, status: 'ready' }));

    expect(await findExpected('2026-11-28T12:52:00.000Z')).toBeTruthy();
  });

  it("follows the rider while out for delivery: from where they were last seen, the road left at the riders' speed", async () => {
    // 0.01° of latitude north of HOME: 1.11 km in a straight line, 1.45 km by road, 4.3 minutes at 20 km/h.
    const seenAt = '2026-11-28T12:50:00.000Z';
    const driver = {
      firstName: 'Kojo',
      vehicleType: 'bike' as const,
      vehicleModel: 'Honda',
      plateNumber: 'GR 1234-26',
      latitude: HOME.deliveryLatitude + 0.01,
      longitude: HOME.deliveryLongitude,
      lastLocationUpdate: seenAt,
    };
    const outForDelivery = order({
      status: 'picked_up',
      statusLabel: 'Out for Delivery',
      driver,
      expectedArrival: '2026-11-28T13:10:00.000Z',
    });
    ordersServer(() => outForDelivery);
    renderOrders();

    const riding = new Date(Date.parse(seenAt) + 4.34 * 60_000).toISOString();
    expect(await findExpected(riding)).toBeTruthy();
    expect(screen.queryByText(formatTime('2026-11-28T13:10:00.000Z'))).toBeNull();
  });

  it('shows nothing for an order without an expected arrival', async () => {
    ordersServer(() => order({ expectedArrival: null }));
    renderOrders();

    expect(await card()).toBeTruthy();
    expect(screen.queryByText(/Expected by/)).toBeNull();
  });
});

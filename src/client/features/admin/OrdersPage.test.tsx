import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shortOrderId } from '@shared/orders/schemas.js';
import { ADMIN_ORDER_MESSAGES, adminOrderPageSchema, type AdminOrderView } from '@shared/orders/views.js';
import { topics } from '@shared/realtime/events.js';
import { fakeServer, reply } from '@/test/fakeServer.js';
import { fakeSocket } from '@/test/realtime.js';
import { renderPage, sessionFor } from '@/test/render.js';
import OrdersPage from './OrdersPage.js';

const ORDER_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const OTHER_ID = 'a1b2c3d4-e5f6-4789-8abc-def012345678';

const placed: AdminOrderView = {
  id: ORDER_ID,
  shortId: shortOrderId(ORDER_ID),
  status: 'confirmed',
  statusLabel: 'Confirmed',
  totalAmount: 5000,
  currencySymbol: 'GH₵',
  paymentMethod: 'cash',
  paymentStatus: 'pending',
  createdAt: '2026-11-27T12:00:00.000Z',
  items: [{ menuItemId: null, name: 'Jollof Rice', quantity: 1, price: 4500, choices: [] }],
  restaurantId: '0b6f3c52-3f0e-4b8e-9f5e-6a1d2c3b4a50',
  restaurantName: 'Osu Chop Bar',
  customerName: 'Kwame Asante',
  commissionAmount: 450,
  restaurantPayout: 4050,
  deliveryFee: 500,
  tipAmount: 0,
  deliveryAddress: '14 Ring Road, Osu',
  deliveryLandmark: null,
  deliveryGpsCode: null,
  deliveryPhone: '+233 24 123 4567',
  notes: null,
  driverId: null,
  driverName: null,
  codeLocked: false,
  closedReason: null,
  closedByName: null,
  doorPhotoUrl: null,
  paymentDecision: null,
};

describe('the admin Order Management page', () => {
  it("follows every restaurant's orders: a burst of order events brings a new order in with one refetch", async () => {
    let items: AdminOrderView[] = [];
    const server = fakeServer({
      'GET /api/admin/orders': () => reply(adminOrderPageSchema, { items, nextCursor: null }),
    });
    const realtime = fakeSocket();
    renderPage(<OrdersPage />, { session: sessionFor('admin'), realtime });

    expect(await screen.findByText(ADMIN_ORDER_MESSAGES.empty)).toBeTruthy();
    await waitFor(() => expect(realtime.listening(topics.allOrders())).toBe(true));
    const fetched = server.sent('GET', '/api/admin/orders').length;

    items = [placed];
    act(() => {
      realtime.raise({ topic: topics.allOrders(), type: 'order.created', orderId: ORDER_ID, status: 'confirmed' });
      realtime.raise({ topic: topics.allOrders(), type: 'order.status', orderId: OTHER_ID, status: 'preparing', driverId: null });
      realtime.raise({ topic: topics.allOrders(), type: 'order.status', orderId: OTHER_ID, status: 'ready', driverId: null });
    });

    expect(await screen.findByRole('heading', { name: `Order ${placed.shortId}` })).toBeTruthy();
    expect(server.sent('GET', '/api/admin/orders')).toHaveLength(fetched + 1);
  });

  it('shows where the order goes as the customer described it: the landmark and the GhanaPost GPS code', async () => {
    const described = {
      ...placed,
      deliveryLandmark: 'Opposite the Total filling station, blue gate',
      deliveryGpsCode: 'GA-183-8164',
    };
    fakeServer({ 'GET /api/admin/orders': () => reply(adminOrderPageSchema, { items: [described], nextCursor: null }) });
    renderPage(<OrdersPage />, { session: sessionFor('admin'), realtime: fakeSocket() });

    const card = (await screen.findByRole('heading', { name: `Order ${placed.shortId}` })).closest('article')!;
    expect(within(card).getByText('Landmark').nextSibling?.textContent).toBe('Opposite the Total filling station, blue gate');
    expect(within(card).getByText('GhanaPost GPS code').nextSibling?.textContent).toBe('GA-183-8164');
  });

  it('shows what the customer paid on top of the food: the delivery fee, the tip and the whole charge', async () => {
    const tipped = { ...placed, deliveryFee: 2150, tipAmount: 500 };
    fakeServer({ 'GET /api/admin/orders': () => reply(adminOrderPageSchema, { items: [tipped], nextCursor: null }) });
    renderPage(<OrdersPage />, { session: sessionFor('admin'), realtime: fakeSocket() });

    const card = (await screen.findByRole('heading', { name: `Order ${placed.shortId}` })).closest('article')!;
    const money = within(card.querySelector<HTMLElement>('dl[aria-label="Money"]')!);
    const amount = (label: string) => money.getByText(label).nextSibling?.textContent;
    expect(amount('Total')).toBe('GH₵50.00');
    expect(amount('Delivery fee')).toBe('GH₵21.50');
    expect(amount('Tip')).toBe('GH₵5.00');
    expect(amount('Customer paid')).toBe('GH₵76.50');
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminOverviewSchema, type AdminOverview } from '@shared/admin/overview.js';
import { IN_PROGRESS_STATUSES } from '@shared/orders/status.js';
import { topics } from '@shared/realtime/events.js';
import { fakeServer, reply } from '@/test/fakeServer.js';
import { fakeSocket } from '@/test/realtime.js';
import { renderPage, sessionFor } from '@/test/render.js';
import OverviewPage from './OverviewPage.js';

const ORDER_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

/** The platform with `orders` orders, none cancelled, all in Ghana cedis. */
const overviewWith = (orders: number): AdminOverview => ({
  users: { count: 12, approximate: false },
  restaurants: { count: 2, approximate: false },
  drivers: { count: 3, approximate: false },
  orders,
  cancelledOrders: 0,
  currencies: [{ currencySymbol: 'GH₵', orders, revenue: orders * 5000, commission: orders * 500 }],
  from: '2026-10-29T00:00:00.000Z',
  days: [],
  waiting: IN_PROGRESS_STATUSES.map((status) => ({ status, count: 0 })),
});

const totalOrders = () => screen.getByText('Total Orders').nextElementSibling?.textContent;

describe('the admin Overview', () => {
  it('reads the figures again when an order is placed anywhere on the platform', async () => {
    let overview = overviewWith(7);
    const server = fakeServer({ 'GET /api/admin/overview': () => reply(adminOverviewSchema, overview) });
    const realtime = fakeSocket();
    renderPage(<OverviewPage />, { session: sessionFor('admin'), realtime });

    await waitFor(() => expect(totalOrders()).toBe('7'));
    await waitFor(() => expect(realtime.listening(topics.allOrders())).toBe(true));
    const fetched = server.sent('GET', '/api/admin/overview').length;

    overview = overviewWith(8);
    act(() => realtime.raise({ topic: topics.allOrders(), type: 'order.created', orderId: ORDER_ID, status: 'pending' }));

    await waitFor(() => expect(totalOrders()).toBe('8'));
    expect(server.sent('GET', '/api/admin/overview')).toHaveLength(fetched + 1);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STATUS_LABELS, type OrderStatus } from '@shared/orders/status.js';
import { kitchenOrderPageSchema, orderMovedSchema, type KitchenOrderView } from '@shared/orders/views.js';
import { doubleTap } from '@/test/doubleTap.js';
import { fakeServer, gate, reply } from '@/test/fakeServer.js';
import { renderPage, sessionFor } from '@/test/render.js';
import { OrderList } from './OrderList.js';

const RESTAURANT_ID = '0b6f3c52-3f0e-4b8e-9f5e-6a1d2c3b4a50';
const ORDER_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const OTHER_ORDER_ID = 'a1b2c3d4-e5f6-4789-8abc-def012345678';

function kitchenOrder(id: string, status: OrderStatus, customerName: string): KitchenOrderView {
  return {
    id,
    shortId: id.slice(0, 8),
    status,
    statusLabel: STATUS_LABELS[status],
    totalAmount: 10_550,
    currencySymbol: 'GH₵',
    paymentMethod: 'cash',
    paymentStatus: null,
    createdAt: new Date(Date.now() - 3 * 60_000).toISOString(),
    customerName,
    items: [{ menuItemId: null, name: 'Jollof Rice', quantity: 2, price: 4500, choices: [] }],
    deliveryAddress: '14 Ring Road, Osu',
    deliveryLandmark: null,
    deliveryPhone: '+233241234567',
    notes: null,
    hasDriver: false,
  };
}

/**
 * The restaurant's orders as the server holds them: GET answers the active tab, PATCH moves an
 * order (answered at once, or once the test opens `held`).
 */
function kitchenServer(orders: KitchenOrderView[], held?: ReturnType<typeof gate>) {
  const board = new Map(orders.map((order) => [order.id, order]));
  return fakeServer({
    'GET /api/restaurants/:id/orders': () =>
      reply(kitchenOrderPageSchema, {
        items: [...board.values()].filter((order) => !['delivered', 'cancelled'].includes(order.status)),
        nextCursor: null,
      }),
    'PATCH /api/orders/:id/status': async ({ params, body }) => {
      const { status } = body as { status: OrderStatus };
      const order = board.get(params.id!)!;
      board.set(order.id, { ...order, status, statusLabel: STATUS_LABELS[status] });
      await held?.passed;
      return reply(orderMovedSchema, {
        id: order.id,
        shortId: order.shortId,
        status,
        statusLabel: STATUS_LABELS[status],
        driverId: null,
      });
    },
  });
}

function renderBoard() {
  return renderPage(<OrderList restaurantId={RESTAURANT_ID} tab="active" now={Date.now()} />, {
    session: sessionFor('restaurant'),
  });
}

const card = (shortId: string) => screen.findByRole('article', { name: `Order ${shortId}` });

describe("the kitchen board's actions", () => {
  it("moves a pending order on with 'Confirm Order', and offers the next move once the server has answered", async () => {
    const held = gate();
    const server = kitchenServer(
      [kitchenOrder(ORDER_ID, 'pending', 'Kofi Boateng'), kitchenOrder(OTHER_ORDER_ID, 'pending', 'Esi Owusu')],
      held,
    );
    const { user } = renderBoard();

    const order = within(await card('3f2504e0'));
    expect(order.getByText('Pending')).toBeTruthy();
    expect(order.queryByRole('button', { name: 'Start Preparing' })).toBeNull();
    await user.click(order.getByRole('button', { name: 'Confirm Order' }));

    await waitFor(() => expect(server.sent('PATCH', `/api/orders/${ORDER_ID}/status`)).toHaveLength(1));
    expect(server.sent('PATCH', `/api/orders/${ORDER_ID}/status`)[0]?.body).toEqual({ status: 'confirmed' });
    expect(server.sent('PATCH', `/api/orders/${OTHER_ORDER_ID}/status`)).toHaveLength(0);
    // Until the server answers, the card stays where it was and cannot be moved twice.
    expect(order.queryByRole('button', { name: 'Start Preparing' })).toBeNull();
    expect(order.getByRole('button', { name: /Confirm Order/ }).hasAttribute('disabled')).toBe(true);

    held.open();
    expect(await order.findByRole('button', { name: 'Start Preparing' })).toBeTruthy();
    expect(order.queryByRole('button', { name: 'Confirm Order' })).toBeNull();
    expect(order.getByText('Confirmed')).toBeTruthy();
    expect(await screen.findByText('Order 3f2504e0 is now Confirmed.')).toBeTruthy();
    // The other order is untouched.
    expect(within(await card('a1b2c3d4')).getByRole('button', { name: 'Confirm Order' })).toBeTruthy();
  });

  it('asks before cancelling, and sends nothing when the kitchen keeps the order', async () => {
    const server = kitchenServer([kitchenOrder(ORDER_ID, 'confirmed', 'Kofi Boateng')]);
    const { user } = renderBoard();

    const order = within(await card('3f2504e0'));
    expect(order.getByRole('button', { name: 'Start Preparing' })).toBeTruthy();
    await user.click(order.getByRole('button', { name: 'Cancel' }));

    let dialog = await screen.findByRole('alertdialog', { name: 'Cancel order 3f2504e0?' });
    expect(within(dialog).getByText(/Kofi Boateng is told that the order was cancelled\. This cannot be undone\./)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep Order' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.sent('PATCH', `/api/orders/${ORDER_ID}/status`)).toHaveLength(0);

    await user.click(order.getByRole('button', { name: 'Cancel' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Cancel order 3f2504e0?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));

    expect(await screen.findByText('No active orders')).toBeTruthy();
    expect(server.sent('PATCH', `/api/orders/${ORDER_ID}/status`).map((request) => request.body)).toEqual([
      { status: 'cancelled' },
    ]);
  });

  it('sends a move once when its button is clicked twice before the page redraws it disabled (a quick double tap)', async () => {
    const held = gate();
    const server = kitchenServer([kitchenOrder(ORDER_ID, 'confirmed', 'Kofi Boateng')], held);
    renderBoard();

    const order = within(await card('3f2504e0'));
    const start = order.getByRole('button', { name: 'Start Preparing' });
    doubleTap(start);
    held.open();

    expect(await order.findByRole('button', { name: 'Mark Ready' })).toBeTruthy();
    expect(server.sent('PATCH', `/api/orders/${ORDER_ID}/status`).map((request) => request.body)).toEqual([
      { status: 'preparing' },
    ]);
    expect(await screen.findByText('Order 3f2504e0 is now Preparing.')).toBeTruthy();
    expect(screen.queryByText('Failed to update order status')).toBeNull();
  });

  it('keeps the keyboard on the card: once a move is answered, the focus is on its next move', async () => {
    const held = gate();
    kitchenServer([kitchenOrder(ORDER_ID, 'confirmed', 'Kofi Boateng')], held);
    const { user } = renderBoard();

    const order = within(await card('3f2504e0'));
    order.getByRole('button', { name: 'Start Preparing' }).focus();
    await user.keyboard('{Enter}');
    // Disabled while the move is out: the browser takes the focus off it.
    (document.activeElement as HTMLElement).blur();
    held.open();

    const next = await order.findByRole('button', { name: 'Mark Ready' });
    await waitFor(() => expect(document.activeElement).toBe(next));
  });
});

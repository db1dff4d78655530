import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { REORDER_MESSAGES, reorderSchema, type Reorder } from '@shared/orders/reorder.js';
import type { Cart } from '@/components/cart/cart.js';
import { cartStore } from '@/components/cart/useCart.js';
import { fakeServer, reply } from '@/test/fakeServer.js';
import { renderPage, sessionFor } from '@/test/render.js';
import { OrderAgainButton } from './OrderAgainButton.js';
import { OrderAgainNotice } from './OrderAgainNotice.js';

const ORDER_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const RESTAURANT = { id: '0b6f3c52-3f0e-4b8e-9f5e-6a1d2c3b4a50', name: 'Osu Chop Bar', currencySymbol: 'GH₵' };
const JOLLOF_LINE = {
  menuItemId: '5c0d7a3e-1b2c-4d5e-8f90-a1b2c3d4e5f6',
  name: 'Jollof Rice',
  quantity: 2,
  price: 4500,
  choiceIds: ['7a1c0e2d-0001-4c3b-8a9d-0000000000c1'],
  choices: [{ group: 'Protein', name: 'Chicken', priceDelta: 0 }],
};
const REORDER: Reorder = {
  restaurant: RESTAURANT,
  restaurantActive: true,
  lines: [JOLLOF_LINE],
  missing: ['Kelewele', 'Egg (Jollof Rice)'],
};

/** My Orders' button and the checkout's notice, on one route that answers both pages. */
function renderOrderAgain() {
  return renderPage(
    <>
      <OrderAgainButton order={{ id: ORDER_ID, restaurantName: RESTAURANT.name }} />
      <OrderAgainNotice />
    </>,
    { path: '/customer/:page', at: '/customer/orders', session: sessionFor('customer') },
  );
}

const orderAgain = () => screen.getByRole('button', { name: 'Order again from Osu Chop Bar' });

beforeEach(() => cartStore.set(null));

describe('order again', () => {
  it("fills the cart with the order as today's menu has it, opens the checkout and names what is gone", async () => {
    const server = fakeServer({ 'GET /api/orders/:id/reorder': () => reply(reorderSchema, REORDER) });
    const { user, router } = renderOrderAgain();

    await user.click(orderAgain());

    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/checkout'));
    expect(server.sent('GET', `/api/orders/${ORDER_ID}/reorder`)).toHaveLength(1);
    expect(cartStore.get()).toEqual({ restaurant: RESTAURANT, lines: [JOLLOF_LINE] });
    expect((await screen.findByRole('status')).textContent).toBe('No longer available: Kelewele, Egg (Jollof Rice)');
  });

  it('asks before replacing a cart that holds something, and keeps it when told to', async () => {
    const kept: Cart = { restaurant: { ...RESTAURANT, name: 'Other Kitchen' }, lines: [{ ...JOLLOF_LINE, quantity: 5 }] };
    cartStore.set(kept);
    fakeServer({ 'GET /api/orders/:id/reorder': () => reply(reorderSchema, REORDER) });
    const { user, router } = renderOrderAgain();

    await user.click(orderAgain());
    await screen.findByRole('alertdialog', { name: REORDER_MESSAGES.replaceTitle });
    await user.click(screen.getByRole('button', { name: 'Keep current cart' }));
    expect(cartStore.get()).toEqual(kept);
    expect(router.state.location.pathname).toBe('/customer/orders');

    await user.click(orderAgain());
    await user.click(await screen.findByRole('button', { name: 'Replace cart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/checkout'));
    expect(cartStore.get()?.lines).toEqual([JOLLOF_LINE]);
  });

  it('says when the restaurant is gone, leaving the cart alone', async () => {
    fakeServer({
      'GET /api/orders/:id/reorder': () => reply(reorderSchema, { ...REORDER, restaurantActive: false, lines: [], missing: [] }),
    });
    const { user, router } = renderOrderAgain();
    await user.click(orderAgain());
    expect(await screen.findByText(REORDER_MESSAGES.restaurantGone(RESTAURANT.name))).toBeTruthy();
    expect(cartStore.get()).toBeNull();
    expect(router.state.location.pathname).toBe('/customer/orders');
  });
});

import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicMenuSchema, type PublicMenuItem } from '@shared/menu/schemas.js';
import { WEEKDAYS } from '@shared/restaurants/hours.js';
import { publicRestaurantSchema, type PublicRestaurant } from '@shared/restaurants/schemas.js';
import { cartStore } from '@/components/cart/useCart.js';
import { fakeServer, reply } from '@/test/fakeServer.js';
import { renderPage } from '@/test/render.js';
import { publicRestaurant } from '@/test/restaurants.js';
import RestaurantMenuPage from './RestaurantMenuPage.js';

/** Open at all hours, not paused. */
const RESTAURANT = publicRestaurant({ id: '0b6f3c52-3f0e-4b8e-9f5e-6a1d2c3b4a50', name: 'Osu Chop Bar' });

const JOLLOF: PublicMenuItem = {
  id: '5c0d7a3e-1b2c-4d5e-8f90-a1b2c3d4e5f6',
  restaurantId: RESTAURANT.id,
  name: 'Jollof Rice',
  description: null,
  price: 4500,
  category: 'Mains',
  imageUrl: null,
};

function renderMenu(restaurant: PublicRestaurant) {
  fakeServer({
    'GET /api/restaurants/:id': () => reply(publicRestaurantSchema, restaurant),
    'GET /api/restaurants/:id/menu': () => reply(publicMenuSchema, [JOLLOF]),
  });
  return renderPage(<RestaurantMenuPage />, { path: '/customer/restaurant/:id', at: `/customer/restaurant/${restaurant.id}` });
}

const BROWSE = 'You can still browse the menu and add dishes to your cart, then order once it takes orders again.';

beforeEach(() => {
  cartStore.set(null);
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the menu of a restaurant', () => {
  it('says nothing of its hours while it takes orders', async () => {
    renderMenu(RESTAURANT);

    await screen.findByRole('button', { name: 'Add Jollof Rice to cart' });
    expect(screen.queryByText(BROWSE)).toBeNull();
  });

  it('says at the top that it is closed, and its dishes can still go in the cart', async () => {
    const { user } = renderMenu({ ...RESTAURANT, openingHours: { weekly: WEEKDAYS.map(() => []), closedDates: [] } });

    const notice = (await screen.findByText('Closed')).closest('[role="status"]')!;
    expect(notice.textContent).toBe(`Closed${BROWSE}`);
    const title = screen.getByRole('heading', { name: 'Osu Chop Bar' });
    expect(notice.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Jollof Rice to cart' }));
    expect(cartStore.get()?.lines).toEqual([{ menuItemId: JOLLOF.id, name: 'Jollof Rice', price: 4500, quantity: 1 }]);
  });

  it('says until when it is not taking orders, and takes them again by itself when the pause ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T13:29:59.500Z'));
    renderMenu({ ...RESTAURANT, pause: { until: '2026-03-02T13:30:00Z' } });

    expect(await screen.findByText('Not taking orders until 13:30')).toBeTruthy();
    expect(screen.getByText(BROWSE)).toBeTruthy();

    vi.setSystemTime(new Date('2026-03-02T13:30:00.100Z'));
    await waitFor(() => expect(screen.queryByText(BROWSE)).toBeNull());
  });
});

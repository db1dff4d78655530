import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUSY_MESSAGES, busyBodySchema, busyViewSchema } from '@shared/restaurants/busy.js';
import { ownRestaurantSchema, type OwnRestaurant } from '@shared/restaurants/schemas.js';
import { fakeServer, refuse, reply } from '@/test/fakeServer.js';
import { renderPage, sessionFor } from '@/test/render.js';
import { ownRestaurant } from '@/test/restaurants.js';
import { ownRestaurantQuery } from '@/lib/restaurantsApi.js';
import { KitchenBusy } from './KitchenBusy.js';

const RESTAURANT_ID = '0b6f3c52-3f0e-4b8e-9f5e-6a1d2c3b4a50';
const BUSY_PATH = `/api/restaurants/${RESTAURANT_ID}/busy`;

/** Labone Chop Bar, 25 minutes on a normal day. */
const mine = (fields: Partial<OwnRestaurant> = {}) => ownRestaurant({ id: RESTAURANT_ID, prepMinutes: 25, ...fields });

/** The own restaurant as the server keeps it: PUT sets the busy minutes, DELETE clears them; `failing` refuses both. */
function busyServer(restaurant: OwnRestaurant, failing = false) {
  let busyMinutes = restaurant.busyMinutes;
  return fakeServer({
    'GET /api/restaurants/mine': () => reply(ownRestaurantSchema, { ...restaurant, busyMinutes }),
    'PUT /api/restaurants/:id/busy': ({ body }) => {
      if (failing) return refuse(500, { code: 'internal', message: 'Something went wrong on our side. Please try again.' });
      busyMinutes = busyBodySchema.parse(body).minutes;
      return reply(busyViewSchema, { busyMinutes });
    },
    'DELETE /api/restaurants/:id/busy': () => {
      busyMinutes = 0;
      return reply(busyViewSchema, { busyMinutes });
    },
  });
}

/** The board's busy control over the cached own restaurant, as OrderBoard has it. */
function Board() {
  const restaurant = useQuery(ownRestaurantQuery());
  return restaurant.data ? <KitchenBusy restaurant={restaurant.data} /> : null;
}

const renderBoard = () => renderPage(<Board />, { session: sessionFor('restaurant') });

describe("the kitchen board's busy time", () => {
  it("adds 20 minutes, shows 'Busy: +20 min', and goes back to normal", async () => {
    const server = busyServer(mine());
    const { user } = renderBoard();

    await user.click(await screen.findByRole('button', { name: 'Kitchen busy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kitchen busy' });
    expect(within(dialog).getByText(/on top of your usual 25/)).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['+10 minutes', '+20 minutes', '+30 minutes', 'Close']);
    await user.click(within(dialog).getByRole('button', { name: '+20 minutes' }));

    const normal = await screen.findByRole('button', { name: 'Back to normal' });
    expect(server.sent('PUT', BUSY_PATH).map((request) => request.body)).toEqual([{ minutes: 20 }]);
    expect(screen.getByText('Busy: +20 min')).toBeTruthy();
    expect(await screen.findByText(BUSY_MESSAGES.marked(20))).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(normal);

    await user.click(normal);

    const again = await screen.findByRole('button', { name: 'Kitchen busy' });
    expect(server.sent('DELETE', BUSY_PATH)).toHaveLength(1);
    expect(screen.queryByText(/Busy: \+/)).toBeNull();
    expect(await screen.findByText(BUSY_MESSAGES.cleared)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(again));
  });

  it('shows a kitchen already busy as such after a reload', async () => {
    busyServer(mine({ busyMinutes: 30 }));
    renderBoard();

    expect(await screen.findByText('Busy: +30 min')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to normal' })).toBeTruthy();
  });

  it('says so when the busy time could not be changed, and stays as it was', async () => {
    const server = busyServer(mine(), true);
    const { user } = renderBoard();

    await user.click(await screen.findByRole('button', { name: 'Kitchen busy' }));
    await user.click(await screen.findByRole('button', { name: '+10 minutes' }));

    expect(await screen.findByText(BUSY_MESSAGES.failed)).toBeTruthy();
    expect(server.sent('PUT', BUSY_PATH)).toHaveLength(1);
    expect(screen.queryByText(/Busy: \+/)).toBeNull();
    const retry = within(screen.getByRole('dialog', { name: 'Kitchen busy' })).getByRole('button', { name: '+10 minutes' });
    expect(retry.hasAttribute('disabled')).toBe(false);
  });
});

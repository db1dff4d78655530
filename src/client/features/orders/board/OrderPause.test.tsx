import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  openingLabel,
  openingState,
  PAUSE_MESSAGES,
  pauseBodySchema,
  pauseViewSchema,
  PROPOSED_HOURS,
  type OrderPause as Pause,
} from '@shared/restaurants/hours.js';
import { ownRestaurantSchema, type OwnRestaurant } from '@shared/restaurants/schemas.js';
import { fakeServer, refuse, reply } from '@/test/fakeServer.js';
import { renderPage, sessionFor } from '@/test/render.js';
import { ownRestaurant } from '@/test/restaurants.js';
import { ownRestaurantQuery } from '@/lib/restaurantsApi.js';
import { OrderPause } from './OrderPause.js';

const RESTAURANT_ID = '0b6f3c52-3f0e-4b8e-9f5e-6a1d2c3b4a50';
const PAUSE_PATH = `/api/restaurants/${RESTAURANT_ID}/pause`;

/** Labone Chop Bar, open at all hours in Accra and not paused. */
const mine = (fields: Partial<OwnRestaurant> = {}) => ownRestaurant({ id: RESTAURANT_ID, ...fields });

/** The own restaurant as the server keeps it: POST sets the pause from now, DELETE clears it; `failing` refuses both. */
function pauseServer(restaurant: OwnRestaurant, failing = false) {
  let pause: Pause | null = restaurant.pause;
  const server = fakeServer({
    'GET /api/restaurants/mine': () => reply(ownRestaurantSchema, { ...restaurant, pause }),
    'POST /api/restaurants/:id/pause': ({ body }) => {
      if (failing) return refuse(500, { code: 'internal', message: 'Something went wrong on our side. Please try again.' });
      const { minutes } = pauseBodySchema.parse(body);
      pause = { until: minutes === null ? null : new Date(Date.now() + minutes * 60_000).toISOString() };
      return reply(pauseViewSchema, { pause });
    },
    'DELETE /api/restaurants/:id/pause': () => {
      pause = null;
      return reply(pauseViewSchema, { pause });
    },
  });
  return { ...server, pause: () => pause };
}

/** The board's pause control over the cached own restaurant, as BoardPage and OrderBoard have it. */
function Board() {
  const restaurant = useQuery(ownRestaurantQuery());
  return restaurant.data ? <OrderPause restaurant={restaurant.data} /> : null;
}

const renderBoard = () => renderPage(<Board />, { session: sessionFor('restaurant') });

describe("the kitchen board's pause of new orders", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("pauses for 30 minutes, shows until when in the restaurant's time, and resumes", async () => {
    const server = pauseServer(mine());
    const { user } = renderBoard();

    await user.click(await screen.findByRole('button', { name: 'Pause new orders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause new orders' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['15 minutes', '30 minutes', '60 minutes', 'Until I resume', 'Close']);
    await user.click(within(dialog).getByRole('button', { name: '30 minutes' }));

    const resume = await screen.findByRole('button', { name: 'Resume orders' });
    expect(server.sent('POST', PAUSE_PATH).map((request) => request.body)).toEqual([{ minutes: 30 }]);
    const state = openingState({ ...mine(), pause: server.pause() });
    expect(state).toMatchObject({ taking: false, why: 'paused', until: expect.stringMatching(/\d\d:\d\d$/) });
    expect(screen.getByText(openingLabel(state)!)).toBeTruthy();
    expect(
      await screen.findByText(PAUSE_MESSAGES.paused(!state.taking && state.why === 'paused' ? state.until : null)),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(resume);

    await user.click(resume);

    const pause = await screen.findByRole('button', { name: 'Pause new orders' });
    expect(server.sent('DELETE', PAUSE_PATH)).toHaveLength(1);
    expect(screen.queryByText(/Not taking orders/)).toBeNull();
    expect(await screen.findByText(PAUSE_MESSAGES.resumed)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(pause));
  });

  it("pauses until the owner resumes with 'Until I resume'", async () => {
    const server = pauseServer(mine());
    const { user } = renderBoard();

    await user.click(await screen.findByRole('button', { name: 'Pause new orders' }));
    await user.click(await screen.findByRole('button', { name: 'Until I resume' }));

    expect(await screen.findByText('Not taking orders')).toBeTruthy();
    expect(server.sent('POST', PAUSE_PATH).map((request) => request.body)).toEqual([{ minutes: null }]);
    expect(await screen.findByText(PAUSE_MESSAGES.paused(null))).toBeTruthy();
  });

  it('says so when the pause could not be changed, and stays as it was', async () => {
    const server = pauseServer(mine(), true);
    const { user } = renderBoard();

    await user.click(await screen.findByRole('button', { name: 'Pause new orders' }));
    await user.click(await screen.findByRole('button', { name: '15 minutes' }));

    expect(await screen.findByText(PAUSE_MESSAGES.failed)).toBeTruthy();
    expect(server.sent('POST', PAUSE_PATH)).toHaveLength(1);
    expect(screen.queryByText(/Not taking orders/)).toBeNull();
    // The choices stay open to try again.
    const again = within(screen.getByRole('dialog', { name: 'Pause new orders' })).getByRole('button', { name: '15 minutes' });
    expect(again.hasAttribute('disabled')).toBe(false);
  });

  it('leaves the status by itself once the pause runs out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const until = new Date(Date.now() + 90_000).toISOString();
    pauseServer(mine({ pause: { until } }));
    renderBoard();

    expect(await screen.findByRole('button', { name: 'Resume orders' })).toBeTruthy();
    expect(screen.getByText(/^Not taking orders until \d\d:\d\d$/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(3 * 60_000));

    expect(await screen.findByRole('button', { name: 'Pause new orders' })).toBeTruthy();
    expect(screen.queryByText(/Not taking orders/)).toBeNull();
  });

  it('shows nothing of a pause that has run out', async () => {
    pauseServer(mine({ pause: { until: new Date(Date.now() - 60_000).toISOString() } }));
    renderBoard();

    expect(await screen.findByRole('button', { name: 'Pause new orders' })).toBeTruthy();
    expect(screen.queryByText(/Not taking orders/)).toBeNull();
  });

  it('tells when the restaurant is closed by its hours, and still offers the pause', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const closed = mine({ openingHours: { ...PROPOSED_HOURS, closedDates: [today] } });
    pauseServer(closed);
    renderBoard();

    expect(await screen.findByRole('button', { name: 'Pause new orders' })).toBeTruthy();
    const label = openingLabel(openingState(closed))!;
    expect(label).toMatch(/^Closed · opens \w+ 10:00$/);
    expect(screen.getByText(label)).toBeTruthy();
  });
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ownMenuSchema, type OwnMenuItem } from '@shared/menu/schemas.js';
import { ownRestaurantSchema } from '@shared/restaurants/schemas.js';
import { fakeServer, gate, reply } from '@/test/fakeServer.js';
import { ownMenuItem } from '@/test/menu.js';
import { renderPage, sessionFor } from '@/test/render.js';
import { ownRestaurant } from '@/test/restaurants.js';
import MenuManagementPage from './MenuManagementPage.js';

const JOLLOF = ownMenuItem({ name: 'Jollof Rice', position: 1 });
const WAAKYE = ownMenuItem({ id: '6d1e8b4f-2c3d-4e6f-9a01-b2c3d4e5f607', name: 'Waakye', position: 2 });
const BANKU = ownMenuItem({ id: '7e2f9c50-3d4e-4f70-8b12-c3d4e5f60718', name: 'Banku', position: 3 });

/** The owner's menu, whose reorders the server answers once the test opens `held`. */
function openMenu(items: OwnMenuItem[], held: ReturnType<typeof gate>) {
  let menu = items;
  fakeServer({
    'GET /api/restaurants/mine': () => reply(ownRestaurantSchema, ownRestaurant()),
    'GET /api/restaurants/:id/menu-items': () => reply(ownMenuSchema, menu),
    'PUT /api/restaurants/:id/menu-items/order': async ({ body }) => {
      const { itemIds } = body as { itemIds: string[] };
      menu = itemIds.map((id, index) => ({ ...menu.find((item) => item.id === id)!, position: index + 1 }));
      await held.passed;
      return reply(ownMenuSchema, menu);
    },
  });
  return renderPage(<MenuManagementPage />, { path: '/restaurant/menu', session: sessionFor('restaurant') });
}

/** What Chromium does as it disables the focused button (jsdom keeps the focus on it): the page itself gets the focus. */
function dropFocusToPage() {
  const elsewhere = document.body.appendChild(document.createElement('input'));
  elsewhere.focus();
  elsewhere.remove();
  expect(document.activeElement).toBe(document.body);
}

/** Presses `name` from the keyboard; the browser takes the focus off it as the move disables it, then the server answers. */
async function pressMove(user: ReturnType<typeof openMenu>['user'], held: ReturnType<typeof gate>, name: string) {
  (await screen.findByRole('button', { name })).focus();
  await user.keyboard('{Enter}');
  dropFocusToPage();
  held.open();
}

const names = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe("the menu's move buttons", () => {
  it('keep the keyboard on the button pressed, so a dish moves down again with the next Enter', async () => {
    const held = gate();
    const { user } = openMenu([JOLLOF, WAAKYE, BANKU], held);
    await pressMove(user, held, 'Move Jollof Rice down');

    const down = screen.getByRole('button', { name: 'Move Jollof Rice down' });
    await waitFor(() => expect(document.activeElement).toBe(down));
    expect(names()).toEqual(['Mains', 'Waakye', 'Jollof Rice', 'Banku']);
  });

  it('move the keyboard to Move up once the dish is last and cannot go further down', async () => {
    const held = gate();
    const { user } = openMenu([JOLLOF, WAAKYE], held);
    await pressMove(user, held, 'Move Jollof Rice down');

    const up = screen.getByRole('button', { name: 'Move Jollof Rice up' });
    await waitFor(() => expect(document.activeElement).toBe(up));
    expect(screen.getByRole('button', { name: 'Move Jollof Rice down' })).toHaveProperty('disabled', true);
  });

  it('move the keyboard to Move down when the answer comes before the browser has taken the focus off the disabled Move up', async () => {
    const held = gate();
    const { user } = openMenu([JOLLOF, WAAKYE], held);
    const up = await screen.findByRole('button', { name: 'Move Waakye up' });
    up.focus();
    await user.keyboard('{Enter}');
    held.open();

    const down = screen.getByRole('button', { name: 'Move Waakye down' });
    await waitFor(() => expect(document.activeElement).toBe(down));
    expect(names()).toEqual(['Mains', 'Waakye', 'Jollof Rice']);
    expect(up).toHaveProperty('disabled', true);
  });
});

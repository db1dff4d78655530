import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ownMenuItemSchema, ownMenuSchema, type OwnMenuItem } from '@shared/menu/schemas.js';
import { SOLD_OUT_MESSAGES, soldOutTargetSchema } from '@shared/menu/soldOut.js';
import { fakeServer, gate, refuse, reply } from '@/test/fakeServer.js';
import { EXTRAS, ownMenuItem, PROTEIN } from '@/test/menu.js';
import { renderPage, sessionFor } from '@/test/render.js';
import { ownRestaurant } from '@/test/restaurants.js';
import { SoldOutToday } from './SoldOutToday.js';

const RESTAURANT_ID = '0b6f3c52-3f0e-4b8e-9f5e-6a1d2c3b4a50';
const MENU_PATH = `/api/restaurants/${RESTAURANT_ID}/menu-items`;
const soldOutPath = (item: OwnMenuItem) => `${MENU_PATH}/${item.id}/sold-out`;

const JOLLOF = ownMenuItem({ restaurantId: RESTAURANT_ID, optionGroups: [PROTEIN, EXTRAS] });
const WAAKYE = ownMenuItem({
  id: '5c0d7a3e-1b2c-4d5e-8f90-a1b2c3d4e5f7',
  restaurantId: RESTAURANT_ID,
  name: 'Waakye',
  position: 2,
});
const KELEWELE = ownMenuItem({
  id: '5c0d7a3e-1b2c-4d5e-8f90-a1b2c3d4e5f8',
  restaurantId: RESTAURANT_ID,
  name: 'Kelewele',
  category: 'Sides',
  position: 3,
});
const FISH = PROTEIN.choices[1]!;
const EGG = EXTRAS.choices[1]!;

/** When the restaurant next opens: tomorrow, well after the test. */
const nextOpening = () => new Date(Date.now() + 20 * 60 * 60_000).toISOString();

/**
 * The owner's menu as the server keeps it: PUT marks the dish or a choice sold out, DELETE brings
 * it back; `failing` refuses both, and both wait for `held` to open when given.
 */
function menuServer(menu: OwnMenuItem[], { failing = false, held }: { failing?: boolean; held?: ReturnType<typeof gate> } = {}) {
  const items = new Map(menu.map((item) => [item.id, item]));
  const refused = () => refuse(500, { code: 'internal', message: 'Something went wrong on our side. Please try again.' });
  const mark = (itemId: string, choiceId: string | undefined, until: string | null) => {
    const item = items.get(itemId)!;
    const choicesSoldOut = { ...item.choicesSoldOut };
    if (choiceId && until) choicesSoldOut[choiceId] = until;
    if (choiceId && !until) delete choicesSoldOut[choiceId];
    const marked = { ...item, choicesSoldOut, soldOutUntil: choiceId ? item.soldOutUntil : until };
    items.set(itemId, marked);
    return reply(ownMenuItemSchema, marked);
  };
  return fakeServer({
    'GET /api/restaurants/:id/menu-items': () => reply(ownMenuSchema, [...items.values()]),
    'PUT /api/restaurants/:id/menu-items/:itemId/sold-out': async ({ params, body }) => {
      await held?.passed;
      return failing ? refused() : mark(params.itemId!, soldOutTargetSchema.parse(body).choiceId, nextOpening());
    },
    'DELETE /api/restaurants/:id/menu-items/:itemId/sold-out': async ({ params, query }) => {
      await held?.passed;
      return failing ? refused() : mark(params.itemId!, query.get('choiceId') ?? undefined, null);
    },
  });
}

function renderBoard() {
  const rendered = renderPage(<SoldOutToday restaurant={ownRestaurant({ id: RESTAURANT_ID })} />, {
    session: sessionFor('restaurant'),
  });
  const open = async () => {
    await rendered.user.click(await screen.findByRole('button', { name: /^Sold out today/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sold out today' });
    await within(dialog).findAllByRole('switch');
    return dialog;
  };
  return { ...rendered, open };
}

const dishRow = (dialog: HTMLElement, name: string) =>
  within(dialog)
    .getByRole('switch', { name: `${name} sold out today` })
    .closest('li')!;

/** What a switch is called: the text of its label. */
const labelOf = (control: HTMLElement) => document.querySelector(`label[for="${control.id}"]`)?.textContent;

/** The names of the switches within, in order. */
const switchNames = (container: HTMLElement) => within(container).getAllByRole('switch').map(labelOf);

describe("the kitchen board's 'Sold out today'", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the dishes on offer in menu order by category, each choice on offer under its group', async () => {
    const offMenu = ownMenuItem({ id: '5c0d7a3e-1b2c-4d5e-8f90-a1b2c3d4e5f9', name: 'Banku', isAvailable: false });
    menuServer([JOLLOF, WAAKYE, KELEWELE, offMenu]);
    const { open } = renderBoard();

    const dialog = await open();

    expect(
      within(dialog)
        .getAllByRole('region')
        .map((section) => section.getAttribute('aria-label')),
    ).toEqual(['Mains', 'Sides']);
    const jollof = dishRow(dialog, 'Jollof Rice');
    // Beef is not offered at all, so it cannot run out.
    expect(switchNames(within(jollof).getByRole('group', { name: 'Protein' }))).toEqual([
      'Chicken sold out today',
      'Fish sold out today',
    ]);
    expect(switchNames(within(jollof).getByRole('group', { name: 'Extras' }))).toEqual([
      'Shito sold out today',
      'Egg sold out today',
    ]);
    const dishSwitches = within(dialog)
      .getAllByRole('switch')
      .filter((control) => !control.closest('[role="group"]'));
    expect(dishSwitches.map(labelOf)).toEqual(['Jollof Rice sold out today', 'Waakye sold out today', 'Kelewele sold out today']);
    expect(
      within(dialog)
        .getAllByRole('switch')
        .map((control) => control.getAttribute('aria-checked')),
    ).toEqual(Array(7).fill('false'));
  });

  it('marks a dish sold out for today with PUT {}, says so, and counts it on the button', async () => {
    const server = menuServer([JOLLOF, WAAKYE]);
    const { user, open } = renderBoard();
    const dialog = await open();

    const waakye = within(dialog).getByRole('switch', { name: 'Waakye sold out today' });
    await user.click(waakye);

    expect(await screen.findByText(SOLD_OUT_MESSAGES.marked('Waakye'))).toBeTruthy();
    expect(server.sent('PUT', soldOutPath(WAAKYE)).map((request) => request.body)).toEqual([{}]);
    expect(waakye.getAttribute('aria-checked')).toBe('true');
    expect(waakye).toHaveProperty('disabled', false);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Sold out today · 1' })).toBeTruthy();
  });

  it('marks one choice sold out with its choiceId from the keyboard, leaving the dish on', async () => {
    const server = menuServer([JOLLOF]);
    const { user, open } = renderBoard();
    const dialog = await open();

    const fish = within(within(dialog).getByRole('group', { name: 'Protein' })).getByRole('switch', {
      name: 'Fish sold out today',
    });
    fish.focus();
    await user.keyboard(' ');

    expect(await screen.findByText(SOLD_OUT_MESSAGES.marked('Fish for Jollof Rice'))).toBeTruthy();
    expect(server.sent('PUT', soldOutPath(JOLLOF)).map((request) => request.body)).toEqual([{ choiceId: FISH.id }]);
    expect(fish.getAttribute('aria-checked')).toBe('true');
    expect(within(dialog).getByRole('switch', { name: 'Jollof Rice sold out today' }).getAttribute('aria-checked')).toBe('false');
  });

  it('shows the change asked for, pending and not to be pressed again, until the server answers', async () => {
    const held = gate();
    const server = menuServer([WAAKYE], { held });
    const { user, open } = renderBoard();
    const dialog = await open();

    const waakye = within(dialog).getByRole('switch', { name: 'Waakye sold out today' });
    await user.click(waakye);

    await waitFor(() => expect(server.sent('PUT', soldOutPath(WAAKYE))).toHaveLength(1));
    expect(waakye.getAttribute('aria-checked')).toBe('true');
    expect(waakye.getAttribute('aria-busy')).toBe('true');
    expect(waakye).toHaveProperty('disabled', true);

    held.open();
    expect(await screen.findByText(SOLD_OUT_MESSAGES.marked('Waakye'))).toBeTruthy();
    expect(waakye.getAttribute('aria-busy')).toBeNull();
    expect(waakye).toHaveProperty('disabled', false);
    expect(waakye.getAttribute('aria-checked')).toBe('true');
  });

  it('brings a dish and a choice back on the menu with DELETE', async () => {
    const until = nextOpening();
    const server = menuServer([{ ...JOLLOF, soldOutUntil: until, choicesSoldOut: { [EGG.id]: until } }]);
    const { user, open } = renderBoard();

    expect(await screen.findByRole('button', { name: 'Sold out today · 2' })).toBeTruthy();
    const dialog = await open();
    const jollof = within(dialog).getByRole('switch', { name: 'Jollof Rice sold out today' });
    const egg = within(dialog).getByRole('switch', { name: 'Egg sold out today' });
    expect(jollof.getAttribute('aria-checked')).toBe('true');
    expect(egg.getAttribute('aria-checked')).toBe('true');

    await user.click(jollof);
    expect(await screen.findByText(SOLD_OUT_MESSAGES.back('Jollof Rice'))).toBeTruthy();
    await user.click(egg);
    expect(await screen.findByText(SOLD_OUT_MESSAGES.back('Egg for Jollof Rice'))).toBeTruthy();

    const deletes = server.sent('DELETE', soldOutPath(JOLLOF));
    expect(deletes.map((request) => request.query.get('choiceId'))).toEqual([null, EGG.id]);
    expect(jollof.getAttribute('aria-checked')).toBe('false');
    expect(egg.getAttribute('aria-checked')).toBe('false');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Sold out today' })).toBeTruthy();
  });

  it('says so when it could not be changed, and the switch stays as it was', async () => {
    const server = menuServer([WAAKYE], { failing: true });
    const { user, open } = renderBoard();
    const dialog = await open();

    const waakye = within(dialog).getByRole('switch', { name: 'Waakye sold out today' });
    await user.click(waakye);

    expect(await screen.findByText(SOLD_OUT_MESSAGES.failed)).toBeTruthy();
    expect(server.sent('PUT', soldOutPath(WAAKYE))).toHaveLength(1);
    expect(waakye.getAttribute('aria-checked')).toBe('false');
    expect(waakye).toHaveProperty('disabled', false);
  });

  it('turns the switch off and the count down by itself once the restaurant opens again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    menuServer([{ ...WAAKYE, soldOutUntil: new Date(Date.now() + 90_000).toISOString() }]);
    const { user, open } = renderBoard();

    expect(await screen.findByRole('button', { name: 'Sold out today · 1' })).toBeTruthy();
    const waakye = within(await open()).getByRole('switch', { name: 'Waakye sold out today' });
    expect(waakye.getAttribute('aria-checked')).toBe('true');
    await act(() => vi.advanceTimersByTimeAsync(3 * 60_000));

    expect(waakye.getAttribute('aria-checked')).toBe('false');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Sold out today' })).toBeTruthy();
  });
});

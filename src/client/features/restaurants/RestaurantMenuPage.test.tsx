import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicMenuSchema, type PublicMenuItem } from '@shared/menu/schemas.js';
import { topics } from '@shared/realtime/events.js';
import { WEEKDAYS } from '@shared/restaurants/hours.js';
import { publicRestaurantSchema, type PublicRestaurant } from '@shared/restaurants/schemas.js';
import { cartStore } from '@/components/cart/useCart.js';
import { fakeServer, reply } from '@/test/fakeServer.js';
import { fakeSocket } from '@/test/realtime.js';
import { descriptionOf, renderPage, sessionFor } from '@/test/render.js';
import { EXTRAS, PROTEIN, publicMenuItem } from '@/test/menu.js';
import { publicRestaurant } from '@/test/restaurants.js';
import RestaurantMenuPage from './RestaurantMenuPage.js';

/** Open at all hours, not paused. */
const RESTAURANT = publicRestaurant({ id: '0b6f3c52-3f0e-4b8e-9f5e-6a1d2c3b4a50', name: 'Osu Chop Bar' });

const JOLLOF = publicMenuItem({ restaurantId: RESTAURANT.id });

function renderMenu(restaurant: PublicRestaurant, menu: PublicMenuItem[] = [JOLLOF]) {
  fakeServer({
    'GET /api/restaurants/:id': () => reply(publicRestaurantSchema, restaurant),
    'GET /api/restaurants/:id/menu': () => reply(publicMenuSchema, menu),
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
    expect(cartStore.get()?.lines).toEqual([
      { menuItemId: JOLLOF.id, name: 'Jollof Rice', price: 4500, quantity: 1, choiceIds: [], choices: [] },
    ]);
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

  it('shows a pause the moment the server says the restaurant changed, without a reload', async () => {
    let restaurant: PublicRestaurant = RESTAURANT;
    fakeServer({
      'GET /api/restaurants/:id': () => reply(publicRestaurantSchema, restaurant),
      'GET /api/restaurants/:id/menu': () => reply(publicMenuSchema, [JOLLOF]),
    });
    const realtime = fakeSocket();
    renderPage(<RestaurantMenuPage />, {
      path: '/customer/restaurant/:id',
      at: `/customer/restaurant/${RESTAURANT.id}`,
      session: sessionFor('customer'),
      realtime,
    });
    await screen.findByRole('button', { name: 'Add Jollof Rice to cart' });
    await waitFor(() => expect(realtime.listening(topics.catalog(RESTAURANT.id))).toBe(true));

    restaurant = { ...RESTAURANT, pause: { until: null } };
    realtime.raise({ topic: topics.catalog(RESTAURANT.id), type: 'catalog.changed', restaurantId: RESTAURANT.id });
    expect(await screen.findByText('Not taking orders')).toBeTruthy();
  });
});

describe('a dish sold out for today', () => {
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

  it("is shown greyed with 'Sold out today', not hidden, and cannot be added", async () => {
    const waakye = publicMenuItem({ id: '5c0d7a3e-1b2c-4d5e-8f90-a1b2c3d4e5f7', restaurantId: RESTAURANT.id, name: 'Waakye' });
    renderMenu(RESTAURANT, [{ ...JOLLOF, soldOutUntil: later(600) }, waakye]);

    const add = await screen.findByRole('button', { name: 'Add Jollof Rice to cart' });
    expect(add).toHaveProperty('disabled', true);
    const card = add.closest('article')!;
    expect(within(card).getByText('Sold out today')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Waakye to cart' })).toHaveProperty('disabled', false);
    expect(screen.getAllByText('Sold out today')).toHaveLength(1);
  });

  it('can go down in the cart but not up', async () => {
    cartStore.set({
      restaurant: { id: RESTAURANT.id, name: RESTAURANT.name, currencySymbol: 'GH₵' },
      lines: [{ menuItemId: JOLLOF.id, name: 'Jollof Rice', price: 4500, quantity: 2, choiceIds: [], choices: [] }],
    });
    const { user } = renderMenu(RESTAURANT, [{ ...JOLLOF, soldOutUntil: later(600) }]);

    expect(await screen.findByRole('button', { name: 'Increase quantity of Jollof Rice' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Jollof Rice' }));
    expect(cartStore.get()?.lines).toMatchObject([{ menuItemId: JOLLOF.id, quantity: 1 }]);
  });

  it('can be ordered again once its sold-out day is over', async () => {
    const { user } = renderMenu(RESTAURANT, [{ ...JOLLOF, soldOutUntil: later(-120) }]);

    await user.click(await screen.findByRole('button', { name: 'Add Jollof Rice to cart' }));
    expect(screen.queryByText('Sold out today')).toBeNull();
    expect(cartStore.get()?.lines).toMatchObject([{ menuItemId: JOLLOF.id, quantity: 1 }]);
  });

  it('comes back by itself when the restaurant opens, without a reload', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-03T08:59:59.500Z'));
    renderMenu(RESTAURANT, [{ ...JOLLOF, soldOutUntil: '2026-03-03T09:00:00Z' }]);

    expect(await screen.findByText('Sold out today')).toBeTruthy();

    vi.setSystemTime(new Date('2026-03-03T09:00:00.100Z'));
    await waitFor(() => expect(screen.queryByText('Sold out today')).toBeNull());
    expect(screen.getByRole('button', { name: 'Add Jollof Rice to cart' })).toHaveProperty('disabled', false);
  });
});

describe('a dish with choices', () => {
  const JOLLOF_WITH_CHOICES = publicMenuItem({ restaurantId: RESTAURANT.id, optionGroups: [PROTEIN, EXTRAS] });
  const CHICKEN = PROTEIN.choices[0]!;
  const FISH = PROTEIN.choices[1]!;
  const EGG = EXTRAS.choices[1]!;

  async function openSheet(menu: PublicMenuItem[] = [JOLLOF_WITH_CHOICES]) {
    const rendered = renderMenu(RESTAURANT, menu);
    await rendered.user.click(await screen.findByRole('button', { name: 'Add Jollof Rice to cart' }));
    return { ...rendered, sheet: screen.getByRole('dialog', { name: 'Jollof Rice' }) };
  }

  const addButton = (sheet: HTMLElement) => within(sheet).getByRole('button', { name: /^Add to cart · / });

  it('opens a sheet of its groups, each with its rule, and the price on its button follows the choices picked', async () => {
    const { user, sheet } = await openSheet();

    const protein = within(sheet).getByRole('group', { name: 'Protein' });
    expect(descriptionOf(protein)).toBe('Required · choose 1');
    expect(
      within(protein)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(PROTEIN.choices.map((choice) => choice.id));
    const extras = within(sheet).getByRole('group', { name: 'Extras' });
    expect(descriptionOf(extras)).toBe('Optional · up to 2');
    expect(within(extras).getAllByRole('checkbox')).toHaveLength(2);
    expect(addButton(sheet).textContent).toBe('Add to cart · GH₵45.00');

    await user.click(within(protein).getByRole('radio', { name: 'Fish +GH₵5.00' }));
    expect(addButton(sheet).textContent).toBe('Add to cart · GH₵50.00');
    await user.click(within(extras).getByRole('checkbox', { name: 'Egg +GH₵2.00' }));
    expect(addButton(sheet).textContent).toBe('Add to cart · GH₵52.00');
    await user.click(within(protein).getByRole('radio', { name: 'Chicken' }));
    expect(addButton(sheet).textContent).toBe('Add to cart · GH₵47.00');

    await user.click(addButton(sheet));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cartStore.get()?.lines).toEqual([
      {
        menuItemId: JOLLOF.id,
        name: 'Jollof Rice',
        price: 4700,
        quantity: 1,
        choiceIds: [CHICKEN.id, EGG.id],
        choices: [
          { group: 'Protein', name: 'Chicken', priceDelta: 0 },
          { group: 'Extras', name: 'Egg', priceDelta: 200 },
        ],
      },
    ]);
    expect(await screen.findByText('Jollof Rice (Chicken, Egg)')).toBeTruthy();
    expect(screen.getByText('1 in cart')).toBeTruthy();
  });

  it("says 'Choose one for Protein' by the group when Add is pressed without a protein, and adds nothing", async () => {
    const { user, sheet } = await openSheet();

    await user.click(within(sheet).getByRole('checkbox', { name: 'Shito +GH₵1.00' }));
    await user.click(addButton(sheet));

    const chicken = within(sheet).getByRole('radio', { name: 'Chicken' });
    expect(document.activeElement).toBe(chicken);
    expect(chicken.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(chicken)).toBe('Choose one for Protein');
    expect(within(within(sheet).getByRole('group', { name: 'Protein' })).getByText('Choose one for Protein')).toBeTruthy();
    expect(cartStore.get()).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Jollof Rice' })).toBe(sheet);

    await user.click(within(sheet).getByRole('radio', { name: 'Fish +GH₵5.00' }));
    expect(within(sheet).queryByText('Choose one for Protein')).toBeNull();
  });

  it("shows a sold-out choice greyed out and disabled, marked 'Sold out'", async () => {
    const { sheet } = await openSheet();

    const beef = within(sheet).getByRole('radio', { name: 'Beef +GH₵5.00, Sold out' });
    expect(beef).toHaveProperty('disabled', true);
    expect(within(sheet).getAllByText('Sold out')).toHaveLength(1);
  });

  it("disables a choice sold out for today and marks it 'Sold out', and takes it again once its day is over", async () => {
    const soldOut = {
      [FISH.id]: new Date(Date.now() + 600 * 60_000).toISOString(),
      [EGG.id]: new Date(Date.now() - 120 * 60_000).toISOString(),
    };
    const { user, sheet } = await openSheet([{ ...JOLLOF_WITH_CHOICES, choicesSoldOut: soldOut }]);

    expect(within(sheet).getByRole('radio', { name: 'Fish +GH₵5.00, Sold out' })).toHaveProperty('disabled', true);
    expect(within(sheet).getAllByText('Sold out')).toHaveLength(2);
    await user.click(within(sheet).getByRole('radio', { name: 'Chicken' }));
    await user.click(within(sheet).getByRole('checkbox', { name: 'Egg +GH₵2.00' }));
    await user.click(addButton(sheet));
    expect(cartStore.get()?.lines).toMatchObject([{ choiceIds: [CHICKEN.id, EGG.id], price: 4700 }]);
  });

  it("disables further choices once a group's most are picked", async () => {
    const plantain = { id: '7a1c0e2d-0002-4c3b-8a9d-0000000000d1', name: 'Plantain', priceDelta: 150, isAvailable: true };
    const extras = { ...EXTRAS, choices: [...EXTRAS.choices, plantain] };
    const { user, sheet } = await openSheet([{ ...JOLLOF_WITH_CHOICES, optionGroups: [PROTEIN, extras] }]);

    await user.click(within(sheet).getByRole('checkbox', { name: 'Shito +GH₵1.00' }));
    await user.click(within(sheet).getByRole('checkbox', { name: 'Egg +GH₵2.00' }));
    expect(within(sheet).getByRole('checkbox', { name: 'Plantain +GH₵1.50' })).toHaveProperty('disabled', true);

    await user.click(within(sheet).getByRole('checkbox', { name: 'Egg +GH₵2.00' }));
    expect(within(sheet).getByRole('checkbox', { name: 'Plantain +GH₵1.50' })).toHaveProperty('disabled', false);
  });

  it('lets an optional single choice go back to none', async () => {
    const sauce = { ...EXTRAS, name: 'Sauce', maxChoices: 1 };
    const { user, sheet } = await openSheet([{ ...JOLLOF_WITH_CHOICES, optionGroups: [sauce] }]);

    const group = within(sheet).getByRole('group', { name: 'Sauce' });
    expect(within(group).getByRole('radio', { name: 'None' })).toHaveProperty('checked', true);
    await user.click(within(group).getByRole('radio', { name: 'Shito +GH₵1.00' }));
    expect(addButton(sheet).textContent).toBe('Add to cart · GH₵46.00');
    await user.click(within(group).getByRole('radio', { name: 'None' }));
    await user.click(addButton(sheet));
    expect(cartStore.get()?.lines).toMatchObject([{ price: 4500, choiceIds: [], choices: [] }]);
  });

  it('is a second cart line with other choices, and adds to the quantity of the line with the same ones', async () => {
    const { user } = await openSheet();
    const addWith = async (...names: string[]) => {
      const current = screen.getByRole('dialog', { name: 'Jollof Rice' });
      for (const name of names) await user.click(within(current).getByRole('radio', { name }));
      await user.click(addButton(current));
    };

    await addWith('Fish +GH₵5.00');
    await user.click(screen.getByRole('button', { name: 'Add Jollof Rice to cart' }));
    await addWith('Fish +GH₵5.00');
    await user.click(screen.getByRole('button', { name: 'Add Jollof Rice to cart' }));
    await addWith('Chicken');

    expect(cartStore.get()?.lines.map((line) => [line.choiceIds, line.quantity])).toEqual([
      [[FISH.id], 2],
      [[CHICKEN.id], 1],
    ]);
    expect(screen.getByText('3 in cart')).toBeTruthy();
  });

  it("asks before starting over a cart of another restaurant's dishes, then starts it with the choices picked", async () => {
    cartStore.set({
      restaurant: { id: '9f0e1d2c-3b4a-4596-8877-665544332211', name: 'Mama Put Lagos', currencySymbol: '₦' },
      lines: [{ menuItemId: 'm-suya', name: 'Suya', price: 300_000, quantity: 1, choiceIds: [], choices: [] }],
    });
    const { user, sheet } = await openSheet();

    await user.click(within(sheet).getByRole('radio', { name: 'Chicken' }));
    await user.click(addButton(sheet));
    const confirm = await screen.findByRole('alertdialog', { name: 'Start a new cart?' });
    expect(cartStore.get()?.restaurant.name).toBe('Mama Put Lagos');

    await user.click(within(confirm).getByRole('button', { name: 'Start new cart' }));
    expect(cartStore.get()).toEqual({
      restaurant: { id: RESTAURANT.id, name: 'Osu Chop Bar', currencySymbol: 'GH₵' },
      lines: [
        {
          menuItemId: JOLLOF.id,
          name: 'Jollof Rice',
          price: 4500,
          quantity: 1,
          choiceIds: [CHICKEN.id],
          choices: [{ group: 'Protein', name: 'Chicken', priceDelta: 0 }],
        },
      ],
    });
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OPTION_MESSAGES, optionGroupsFormValues, withOptionIds } from '@shared/menu/options.js';
import { menuItemFormSchema, ownMenuItemSchema, ownMenuSchema, type OwnMenuItem } from '@shared/menu/schemas.js';
import { ownRestaurantSchema } from '@shared/restaurants/schemas.js';
import { fakeServer, reply } from '@/test/fakeServer.js';
import { EXTRAS, ownMenuItem, PROTEIN } from '@/test/menu.js';
import { descriptionOf, renderPage, sessionFor } from '@/test/render.js';
import { ownRestaurant } from '@/test/restaurants.js';
import MenuManagementPage from './MenuManagementPage.js';

const RESTAURANT = ownRestaurant();
const ITEMS_PATH = `/api/restaurants/${RESTAURANT.id}/menu-items`;

/** The item the server stores from a create or update body: checked with the shared schema, new groups and choices given ids. */
function stored(body: unknown, id: string = crypto.randomUUID()): OwnMenuItem {
  const values = menuItemFormSchema.parse(body);
  return ownMenuItem({ ...values, id, optionGroups: withOptionIds(values.optionGroups, () => crypto.randomUUID()) });
}

function openMenu(items: OwnMenuItem[] = []) {
  const server = fakeServer({
    'GET /api/restaurants/mine': () => reply(ownRestaurantSchema, RESTAURANT),
    'GET /api/restaurants/:id/menu-items': () => reply(ownMenuSchema, items),
    'POST /api/restaurants/:id/menu-items': (request) => reply(ownMenuItemSchema, stored(request.body)),
    'PUT /api/restaurants/:id/menu-items/:itemId': (request) =>
      reply(ownMenuItemSchema, stored(request.body, request.params.itemId)),
  });
  const view = renderPage(<MenuManagementPage />, { path: '/restaurant/menu', session: sessionFor('restaurant') });
  return { server, ...view };
}

type Server = ReturnType<typeof openMenu>['server'];
const posts = (server: Server) => server.sent('POST', ITEMS_PATH);
const puts = (server: Server, itemId: string) => server.sent('PUT', `${ITEMS_PATH}/${itemId}`);

async function openAddDialog(user: ReturnType<typeof openMenu>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Add Menu Item' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add Menu Item' }));
  await user.type(dialog.getByRole('textbox', { name: 'Item Name *' }), 'Waakye');
  await user.type(dialog.getByRole('spinbutton', { name: 'Price *' }), '30');
  return dialog;
}

async function openEditDialog(user: ReturnType<typeof openMenu>['user'], name: string) {
  await user.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  return within(await screen.findByRole('dialog', { name: 'Edit Menu Item' }));
}

/** Adds a group named `name` with its first choice named `choice`, as the owner does. */
async function addGroup(
  user: ReturnType<typeof openMenu>['user'],
  dialog: ReturnType<typeof within>,
  name: string,
  choice: string,
) {
  await user.click(dialog.getByRole('button', { name: 'Add a group of choices' }));
  const groupName = dialog.getAllByRole('textbox', { name: /^Group name, group / }).at(-1)!;
  expect(document.activeElement).toBe(groupName);
  await user.type(groupName, name);
  await user.type(dialog.getByRole('textbox', { name: `Choice name 1 of ${name}` }), choice);
}

const JOLLOF = ownMenuItem({ optionGroups: [PROTEIN, EXTRAS] });

describe("the menu item dialog's choices", () => {
  it('adds a dish with a group of two choices, sending the price change as text and the unavailable choice', async () => {
    const { server, user } = openMenu();
    const dialog = await openAddDialog(user);
    await addGroup(user, dialog, 'Protein', 'Chicken');
    expect(dialog.getByText('Required · choose 1')).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: 'Add a choice to Protein' }));
    const fish = dialog.getByRole('textbox', { name: 'Choice name 2 of Protein' });
    expect(document.activeElement).toBe(fish);
    await user.type(fish, 'Fish');
    await user.type(dialog.getByRole('textbox', { name: 'Extra price for choice 2 of Protein' }), '5');
    await user.click(dialog.getByRole('switch', { name: 'Available, choice 2 of Protein' }));
    await user.click(dialog.getByRole('button', { name: 'Add Item' }));

    await waitFor(() => expect(posts(server)).toHaveLength(1));
    expect(posts(server)[0]!.body).toEqual({
      name: 'Waakye',
      description: '',
      price: '30.00',
      category: '',
      imageUrl: '',
      isAvailable: true,
      optionGroups: [
        {
          name: 'Protein',
          minChoices: '1',
          maxChoices: '1',
          choices: [
            { name: 'Chicken', priceDelta: '0.00', isAvailable: true },
            { name: 'Fish', priceDelta: '5.00', isAvailable: false },
          ],
        },
      ],
    });
  });

  it('shows the rule of a group in words as its numbers change, and none while they make no rule', async () => {
    const { user } = openMenu();
    const dialog = await openAddDialog(user);
    await addGroup(user, dialog, 'Extras', 'Shito');
    const least = dialog.getByRole('spinbutton', { name: 'Least choices for Extras' });
    const most = dialog.getByRole('spinbutton', { name: 'Most choices for Extras' });

    await user.clear(least);
    await user.type(least, '0');
    await user.clear(most);
    await user.type(most, '3');
    expect(descriptionOf(most)).toBe('Optional · up to 3');
    await user.clear(least);
    await user.type(least, '4');
    expect(dialog.queryByText(/Required|Optional/)).toBeNull();
  });

  it.each([
    ['the most is below the least', 'Least choices for Protein', OPTION_MESSAGES.minOverMax],
    ['the group asks for more choices than it offers', 'Most choices for Protein', OPTION_MESSAGES.maxOverChoices],
  ])('refuses a group where %s, under the field, and sends nothing', async (_, field, message) => {
    const { server, user } = openMenu();
    const dialog = await openAddDialog(user);
    await addGroup(user, dialog, 'Protein', 'Chicken');
    const least = dialog.getByRole('spinbutton', { name: 'Least choices for Protein' });
    const most = dialog.getByRole('spinbutton', { name: 'Most choices for Protein' });
    await user.clear(least);
    await user.type(least, '2');
    await user.clear(most);
    await user.type(most, field.startsWith('Least') ? '1' : '2');
    await user.click(dialog.getByRole('button', { name: 'Add Item' }));

    const input = dialog.getByRole('spinbutton', { name: field });
    await waitFor(() => expect(descriptionOf(input)).toContain(message));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(posts(server)).toEqual([]);
  });

  it('refuses a choice without a name, focusing it, and sends nothing', async () => {
    const { server, user } = openMenu();
    const dialog = await openAddDialog(user);
    await addGroup(user, dialog, 'Protein', 'Chicken');
    await user.click(dialog.getByRole('button', { name: 'Add a choice to Protein' }));
    await user.click(dialog.getByRole('button', { name: 'Add Item' }));

    const unnamed = dialog.getByRole('textbox', { name: 'Choice name 2 of Protein' });
    await waitFor(() => expect(descriptionOf(unnamed)).toBe(OPTION_MESSAGES.choiceName));
    expect(unnamed.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(unnamed);
    expect(posts(server)).toEqual([]);

    await user.type(unnamed, 'Fish');
    await waitFor(() => expect(descriptionOf(unnamed)).toBe(''));
  });

  it('refuses a group left without any choice, and sends nothing', async () => {
    const { server, user } = openMenu();
    const dialog = await openAddDialog(user);
    await addGroup(user, dialog, 'Protein', 'Chicken');
    await user.click(dialog.getByRole('button', { name: 'Remove choice Chicken from Protein' }));
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Add a choice to Protein' }));
    await user.click(dialog.getByRole('button', { name: 'Add Item' }));

    expect(await dialog.findByText(OPTION_MESSAGES.noChoices)).toBeTruthy();
    expect(posts(server)).toEqual([]);
  });

  it("preloads an item's groups and choices, and saves them back unchanged with their ids", async () => {
    const { server, user } = openMenu([JOLLOF]);
    const dialog = await openEditDialog(user, 'Jollof Rice');

    expect(dialog.getByRole<HTMLInputElement>('textbox', { name: 'Group name, group 1' }).value).toBe('Protein');
    expect(dialog.getByRole<HTMLInputElement>('spinbutton', { name: 'Least choices for Protein' }).value).toBe('1');
    expect(dialog.getByRole<HTMLInputElement>('textbox', { name: 'Choice name 2 of Protein' }).value).toBe('Fish');
    expect(dialog.getByRole<HTMLInputElement>('textbox', { name: 'Extra price for choice 2 of Protein' }).value).toBe('5.00');
    expect(dialog.getByRole('switch', { name: 'Available, choice 3 of Protein' }).getAttribute('aria-checked')).toBe('false');
    expect(dialog.getByRole<HTMLInputElement>('spinbutton', { name: 'Most choices for Extras' }).value).toBe('2');
    expect(dialog.getByText('Optional · up to 2')).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: 'Update Item' }));

    await waitFor(() => expect(puts(server, JOLLOF.id)).toHaveLength(1));
    expect(puts(server, JOLLOF.id)[0]!.body).toMatchObject({ optionGroups: optionGroupsFormValues([PROTEIN, EXTRAS]) });
  });

  it('removes a choice, moving focus to adding one, and keeps the ids of the rest', async () => {
    const { server, user } = openMenu([JOLLOF]);
    const dialog = await openEditDialog(user, 'Jollof Rice');

    await user.click(dialog.getByRole('button', { name: 'Remove choice Beef from Protein' }));
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Add a choice to Protein' }));
    expect(dialog.queryByDisplayValue('Beef')).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Update Item' }));

    await waitFor(() => expect(puts(server, JOLLOF.id)).toHaveLength(1));
    const withoutBeef = { ...PROTEIN, choices: PROTEIN.choices.filter((choice) => choice.name !== 'Beef') };
    expect(puts(server, JOLLOF.id)[0]!.body).toMatchObject({ optionGroups: optionGroupsFormValues([withoutBeef, EXTRAS]) });
  });

  it('removes a whole group, moving focus to adding one', async () => {
    const { server, user } = openMenu([JOLLOF]);
    const dialog = await openEditDialog(user, 'Jollof Rice');

    await user.click(dialog.getByRole('button', { name: 'Remove group Protein' }));
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Add a group of choices' }));
    expect(dialog.getByRole<HTMLInputElement>('textbox', { name: 'Group name, group 1' }).value).toBe('Extras');
    await user.click(dialog.getByRole('button', { name: 'Update Item' }));

    await waitFor(() => expect(puts(server, JOLLOF.id)).toHaveLength(1));
    expect(puts(server, JOLLOF.id)[0]!.body).toMatchObject({ optionGroups: optionGroupsFormValues([EXTRAS]) });
  });

  it("sums up an item's groups and its unavailable choices on its card", async () => {
    openMenu([JOLLOF, ownMenuItem({ id: crypto.randomUUID(), name: 'Kelewele', position: 2 })]);

    const jollof = within(await screen.findByRole('article', { name: 'Jollof Rice' }));
    expect(jollof.getByText('Choices: Protein, Extras · 1 choice unavailable')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Kelewele' })).queryByText(/^Choices/)).toBeNull();
  });
});

import { randomUUID } from 'node:crypto';
import type { BrowserContextOptions, Page } from '@playwright/test';
import { customerOrderPageSchema } from '@shared/orders/views.js';
import { accraRestaurantForm } from '../src/server/restaurants/testFixtures.js';
import { createAccount } from './support/accounts.js';
import { callApi } from './support/api.js';
import { imageFiles } from './support/files.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { snapshot } from './support/screenshots.js';
import { expect, test } from './support/test.js';
import { appears } from './support/toasts.js';

/** The phone the issue asks these journeys to work on. */
const PHONE_390: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Types a group and its choices into the item dialog, as the owner would: name, least, most, then each choice and its extra price. */
async function addGroup(
  page: Page,
  index: number,
  group: { name: string; least: string; most: string; choices: [string, string][] },
) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add a group of choices' }).click();
  await dialog.getByLabel(`Group name, group ${index}`).fill(group.name);
  await dialog.getByLabel(`Least choices for ${group.name}`).fill(group.least);
  await dialog.getByLabel(`Most choices for ${group.name}`).fill(group.most);
  for (const [position, [name, price]] of group.choices.entries()) {
    if (position > 0) await dialog.getByRole('button', { name: `Add a choice to ${group.name}` }).click();
    await dialog.getByLabel(`Choice name ${position + 1} of ${group.name}`).fill(name);
    await dialog.getByLabel(`Extra price for choice ${position + 1} of ${group.name}`).fill(price);
  }
}

test.describe('dishes with choices', () => {
  test('the owner adds a dish with choices; a customer orders it with some and sees them on My Orders while the board shows them', async ({
    origin,
    signedIn,
  }) => {
    const name = `Osu Rice House ${randomUUID().slice(0, 6)}`;
    const owner = await createAccount(origin, 'restaurant', { avatar: (await imageFiles()).profilePicture });
    const restaurant = await callApi(origin, '/api/restaurants', owner.session.accessToken, {
      method: 'POST',
      body: accraRestaurantForm({ name }),
    });
    const restaurantId = String(restaurant.id);
    const customer = await createAccount(origin, 'customer');

    const menu = await signedIn(owner, '/restaurant', PHONE_390);
    await menu.goto('/restaurant/menu');
    await menu.getByRole('button', { name: 'Add Menu Item' }).click();
    const dialog = menu.getByRole('dialog', { name: 'Add Menu Item' });
    await dialog.getByLabel('Item Name *').fill('Jollof');
    await dialog.getByLabel('Price *').fill('40.00');
    await dialog.getByLabel('Category').fill('Main Course');
    await addGroup(menu, 1, {
      name: 'Protein',
      least: '1',
      most: '1',
      choices: [
        ['Chicken', ''],
        ['Fish', '5.00'],
        ['Beef', '5.00'],
      ],
    });
    await addGroup(menu, 2, {
      name: 'Extras',
      least: '0',
      most: '2',
      choices: [
        ['Shito', '1.00'],
        ['Egg', '2.00'],
      ],
    });
    await expect(dialog.getByText('Required · choose 1')).toBeVisible();
    await expect(dialog.getByText('Optional · up to 2')).toBeVisible();
    await expectPhoneReady(menu);
    await snapshot(menu, 'options-dialog-390');
    const added = appears(menu.getByText('Menu item added successfully'));
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await added;
    await expect(menu.getByRole('article', { name: 'Jollof' }).getByText('Choices: Protein, Extras')).toBeVisible();

    const shopper = await signedIn(customer, '/customer', PHONE_390);
    await shopper.goto(`/customer/restaurant/${restaurantId}`);
    await expect(shopper.getByRole('heading', { name, level: 1 })).toBeVisible();
    await shopper.getByRole('button', { name: /Add Jollof/ }).click();
    const sheet = shopper.getByRole('dialog', { name: 'Jollof' });
    await expect(sheet.getByRole('group', { name: /Protein/ })).toBeVisible();
    await sheet.getByRole('button', { name: 'Add to cart · GH₵40.00' }).click();
    await expect(sheet.getByText('Choose one for Protein')).toBeVisible();
    await sheet.getByRole('radio', { name: 'Fish +GH₵5.00' }).check();
    await sheet.getByRole('checkbox', { name: 'Egg +GH₵2.00' }).check();
    await expectPhoneReady(shopper);
    await snapshot(shopper, 'options-sheet-390');
    await sheet.getByRole('button', { name: 'Add to cart · GH₵47.00' }).click();
    await expect(sheet).toBeHidden();

    await shopper.getByRole('link', { name: /Checkout/ }).click();
    await expect(shopper).toHavePath('/customer/checkout');
    const summary = shopper.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByText('Fish, Egg', { exact: true })).toBeVisible();
    await shopper.getByLabel('Delivery address').fill('14 Ring Road East, Osu');
    const placed = appears(shopper.getByText('Order placed!'));
    await shopper.getByRole('button', { name: 'Place Order' }).click();
    await placed;
    await expect(shopper).toHavePath('/customer/orders');
    const card = shopper.getByRole('region', { name: 'Active orders' }).getByRole('article', { name });
    await expect(card.getByText('1 × Jollof')).toBeVisible();
    await expect(card.getByText('Fish, Egg', { exact: true })).toBeVisible();
    await expect(card.getByText('GH₵47.00').first()).toBeVisible();
    await expectPhoneReady(shopper);
    await snapshot(shopper, 'options-my-orders-390');

    const [order] = customerOrderPageSchema.parse(
      await callApi(origin, '/api/orders/mine?tab=active', customer.session.accessToken),
    ).items;
    expect(order?.items).toEqual([
      {
        menuItemId: expect.any(String),
        name: 'Jollof',
        quantity: 1,
        price: 4700,
        choices: [
          { group: 'Protein', name: 'Fish', priceDelta: 500 },
          { group: 'Extras', name: 'Egg', priceDelta: 200 },
        ],
      },
    ]);

    await menu.goto('/restaurant');
    const ticket = menu.getByRole('article').filter({ hasText: order!.shortId });
    await expect(ticket.getByText('1 ×')).toBeVisible();
    await expect(ticket.getByText('Fish')).toBeVisible();
    await expect(ticket.getByText('Egg')).toBeVisible();
    await expectPhoneReady(menu);
    await snapshot(menu, 'options-board-390');
  });

  test('the owner marks a dish and a choice sold out for today from the board; a customer sees them greyed and cannot pick them', async ({
    origin,
    signedIn,
  }) => {
    const name = `Labone Rice ${randomUUID().slice(0, 6)}`;
    const owner = await createAccount(origin, 'restaurant', { avatar: (await imageFiles()).profilePicture });
    const token = owner.session.accessToken;
    const restaurantId = String(
      (await callApi(origin, '/api/restaurants', token, { method: 'POST', body: accraRestaurantForm({ name }) })).id,
    );
    const dish = (body: object) =>
      callApi(origin, `/api/restaurants/${restaurantId}/menu-items`, token, { method: 'POST', body });
    await dish({ name: 'Kelewele', price: '15.00', category: 'Sides' });
    await dish({
      name: 'Jollof',
      price: '40.00',
      category: 'Main Course',
      optionGroups: [
        {
          name: 'Protein',
          minChoices: '1',
          maxChoices: '1',
          choices: [
            { name: 'Chicken', priceDelta: '' },
            { name: 'Fish', priceDelta: '5.00' },
          ],
        },
      ],
    });

    const board = await signedIn(owner, '/restaurant', PHONE_390);
    await board.getByRole('button', { name: 'Sold out today' }).click();
    const dialog = board.getByRole('dialog', { name: 'Sold out today' });
    const keleweleGone = appears(board.getByText('Kelewele is sold out for today'));
    await dialog.getByRole('switch', { name: 'Kelewele sold out today' }).click();
    await keleweleGone;
    await dialog.getByRole('switch', { name: 'Fish sold out today' }).click();
    await expect(dialog.getByRole('switch', { name: 'Fish sold out today' })).toBeChecked();
    await expectPhoneReady(board);
    await snapshot(board, 'sold-out-board-390');
    await board.keyboard.press('Escape');
    await expect(board.getByRole('button', { name: 'Sold out today · 2' })).toBeVisible();

    await expect
      .poll(async () => {
        const menu = (await (await fetch(`${origin}/api/restaurants/${restaurantId}/menu`)).json()) as {
          soldOutUntil: string | null;
          choicesSoldOut: object;
        }[];
        return menu.filter((item) => item.soldOutUntil !== null || Object.keys(item.choicesSoldOut).length > 0).length;
      })
      .toBe(2);

    const shopper = await signedIn(await createAccount(origin, 'customer'), '/customer', PHONE_390);
    await shopper.goto(`/customer/restaurant/${restaurantId}`);
    const kelewele = shopper.getByRole('article').filter({ hasText: 'Kelewele' });
    await expect(kelewele.getByText('Sold out today')).toBeVisible();
    await expect(kelewele.getByRole('button', { name: /Add Kelewele/ })).toBeDisabled();
    await shopper.getByRole('button', { name: /Add Jollof/ }).click();
    const sheet = shopper.getByRole('dialog', { name: 'Jollof' });
    await expect(sheet.getByRole('radio', { name: /Fish/ })).toBeDisabled();
    await expect(sheet.getByText('Sold out')).toBeVisible();
    await expectPhoneReady(shopper);
    await snapshot(shopper, 'sold-out-menu-390');
    await sheet.getByRole('radio', { name: 'Chicken' }).check();
    await sheet.getByRole('button', { name: 'Add to cart · GH₵40.00' }).click();
    await expect(sheet).toBeHidden();
  });
});

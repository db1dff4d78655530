import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { ownMenuSchema } from '@shared/menu/schemas.js';
import { insertRestaurant } from '../src/server/restaurants/testFixtures.js';
import { createAccount } from './support/accounts.js';
import { signIn } from './support/authPage.js';
import { imageFiles, type FilePayload } from './support/files.js';
import { expectPhoneReady } from './support/pageChecks.js';
import type { E2EServer } from './support/server.js';
import { expect, onOwnServer, PHONE } from './support/test.js';

const own = onOwnServer();
const test = own.test;

const RESTAURANT = 'Labadi Chop Bar';
const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };

async function dishPhoto(name: string, color: string): Promise<FilePayload> {
  const buffer = await sharp({ create: { width: 400, height: 260, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** Fills the open 'Add Menu Item' / 'Edit Menu Item' dialog. */
async function fillItem(page: Page, fields: { name: string; price: string; category: string; photo: FilePayload }) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Item Name *').fill(fields.name);
  await dialog.getByLabel('Description').fill(`House ${fields.name.toLowerCase()}`);
  await dialog.getByLabel('Price *').fill(fields.price);
  await dialog.getByLabel('Category').fill(fields.category);
  await dialog.getByLabel('Food Image').setInputFiles(fields.photo);
}

test.describe('restaurant menu journey', () => {
  let server: E2EServer;
  let owner: Awaited<ReturnType<typeof createAccount>>;
  let restaurantId: string;

  /** The restaurant is written into this file's own server's database: setting one up is another screen's journey. */
  test.beforeAll(async () => {
    server = await own.server();
    const { profilePicture } = await imageFiles();
    owner = await createAccount(server.origin, 'restaurant', { avatar: profilePicture });
    const restaurant = await insertRestaurant(server.app.db, { ownerId: owner.session.user.id, name: RESTAURANT });
    restaurantId = restaurant.id;
  });

  test('lets an owner add two items with pictures, edit one, delete the other, and a visitor sees what is left', async ({
    newPage,
  }) => {
    const page = await newPage(PHONE_390);
    await page.goto('/restaurant/menu');
    await expect(page).toHavePath('/auth');
    await signIn(page, owner.email, owner.password);
    await expect(page).toHavePath('/restaurant/menu');

    await expect(page.getByRole('heading', { name: 'Menu Management' })).toBeVisible();
    await expect(page.getByRole('heading', { name: RESTAURANT })).toBeVisible();
    await expect(page.getByText('No menu items yet. Add your first item to get started!')).toBeVisible();
    await expectPhoneReady(page);

    await page.getByRole('button', { name: 'Add Menu Item' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Menu Item' })).toBeVisible();
    await fillItem(page, {
      name: 'Jollof Rice',
      price: '12.10',
      category: 'Main Course',
      photo: await dishPhoto('jollof.jpg', '#d62828'),
    });
    await page.getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByText('Menu item added successfully')).toBeVisible();
    const jollof = page.getByRole('article', { name: 'Jollof Rice' });
    await expect(jollof.getByText('GH₵12.10')).toBeVisible();
    await expect(jollof.getByText('Available', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Add Menu Item' }).click();
    await fillItem(page, {
      name: 'Kelewele',
      price: '8.5',
      category: 'Sides',
      photo: await dishPhoto('kelewele.jpg', '#f77f00'),
    });
    await page.getByRole('switch', { name: 'Available for order' }).click();
    await expectPhoneReady(page);
    await page.getByRole('button', { name: 'Add Item' }).click();
    const kelewele = page.getByRole('article', { name: 'Kelewele' });
    await expect(kelewele.getByText('GH₵8.50')).toBeVisible();
    await expect(kelewele.getByText('Unavailable')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sides' })).toBeVisible();

    await kelewele.getByRole('button', { name: 'Edit Kelewele' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Menu Item' });
    await expect(edit).toBeVisible();
    expect(await edit.getByLabel('Price *').inputValue()).toBe('8.50');
    await edit.getByLabel('Price *').fill('9.99');
    await edit.getByRole('switch', { name: 'Available for order' }).click();
    await edit.getByRole('button', { name: 'Update Item' }).click();
    await expect(page.getByText('Menu item updated successfully')).toBeVisible();
    await expect(kelewele.getByText('GH₵9.99')).toBeVisible();

    // Reordering from the keyboard: the focus stays on the category's move buttons as it moves.
    const categories = page.getByRole('heading', { level: 3 }).filter({ hasText: /^(Main Course|Sides)$/ });
    await page.getByRole('button', { name: 'Move category Sides up' }).focus();
    await page.keyboard.press('Enter');
    await expect(categories).toHaveText(['Sides', 'Main Course']);
    await expect(page.getByRole('button', { name: 'Move category Sides down' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(categories).toHaveText(['Main Course', 'Sides']);
    await expect(page.getByRole('button', { name: 'Move category Sides up' })).toBeFocused();
    await expect(kelewele.getByText('Available', { exact: true })).toBeVisible();
    await expectPhoneReady(page);

    await jollof.getByRole('button', { name: 'Delete Jollof Rice' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText('Are you sure you want to delete this item?')).toBeVisible();
    await expectPhoneReady(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Menu item deleted successfully')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Jollof Rice' })).toBeHidden();

    const menuResponse = await fetch(`${server.origin}/api/restaurants/${restaurantId}/menu-items`, {
      headers: { authorization: `Bearer ${owner.session.accessToken}` },
    });
    const menu = ownMenuSchema.parse(await menuResponse.json());
    expect(menu).toEqual([expect.objectContaining({ name: 'Kelewele', price: 999, category: 'Sides', isAvailable: true })]);
    expect(menu[0]?.imageUrl).toMatch(new RegExp(`^/api/files/food-images/${restaurantId}/[0-9a-f-]{36}\\.webp$`));

    const visitor = await newPage(PHONE_390);
    await visitor.goto(`/customer/restaurant/${restaurantId}`);
    await expect(visitor.getByRole('heading', { name: RESTAURANT, level: 1 })).toBeVisible();
    await expect(visitor.getByRole('heading', { name: 'Kelewele' })).toBeVisible();
    await expect(visitor.getByText('GH₵9.99')).toBeVisible();
    await expect(visitor.getByText('Jollof Rice')).toBeHidden();
    const picture = visitor.locator(`img[src="${menu[0]?.imageUrl}"]`);
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // A 120 px thumbnail fetches the picture's 360 px width, not the stored original.
    expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.webp\?w=360$/);
  });
});

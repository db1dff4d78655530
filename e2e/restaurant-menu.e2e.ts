import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMenuSchema } from '@shared/menu/schemas.js';
import { insertRestaurant } from '../src/server/restaurants/testFixtures.js';
import { createAccount } from './support/accounts.js';
import { signIn } from './support/authPage.js';
import { buildClient, removeClient } from './support/buildClient.js';
import { expectHidden, expectPath, expectVisible } from './support/expect.js';
import { imageFiles, type FilePayload } from './support/files.js';
import { PHONE, useE2E } from './support/harness.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { startServer, type E2EServer } from './support/server.js';

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

describe('restaurant menu journey', () => {
  const t = useE2E();
  let server: E2EServer;
  let clientDir: string;
  let owner: Awaited<ReturnType<typeof createAccount>>;
  let restaurantId: string;

  /** The restaurant is written into this file's own server's database: setting one up is another screen's journey. */
  beforeAll(async () => {
    clientDir = await buildClient();
    server = await startServer({ clientDir, smtpUrl: '' });
    t.origin = server.origin;
    const { profilePicture } = await imageFiles();
    owner = await createAccount(server.origin, 'restaurant', { avatar: profilePicture });
    const restaurant = await insertRestaurant(server.app.db, { ownerId: owner.session.user.id, name: RESTAURANT });
    restaurantId = restaurant.id;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    if (clientDir) removeClient(clientDir);
  });

  it('lets an owner add two items with pictures, edit one, delete the other, and a visitor sees what is left', async () => {
    const page = await t.newPage(PHONE_390);
    await page.goto('/restaurant/menu');
    await expectPath(page, '/auth');
    await signIn(page, owner.email, owner.password);
    await expectPath(page, '/restaurant/menu');

    await expectVisible(page.getByRole('heading', { name: 'Menu Management' }));
    await expectVisible(page.getByRole('heading', { name: RESTAURANT }));
    await expectVisible(page.getByText('No menu items yet. Add your first item to get started!'));
    await expectPhoneReady(page);

    await page.getByRole('button', { name: 'Add Menu Item' }).click();
    await expectVisible(page.getByRole('dialog', { name: 'Add Menu Item' }));
    await fillItem(page, {
      name: 'Jollof Rice',
      price: '12.10',
      category: 'Main Course',
      photo: await dishPhoto('jollof.jpg', '#d62828'),
    });
    await page.getByRole('button', { name: 'Add Item' }).click();
    await expectVisible(page.getByText('Menu item added successfully'));
    const jollof = page.getByRole('article', { name: 'Jollof Rice' });
    await expectVisible(jollof.getByText('GH₵12.10'));
    await expectVisible(jollof.getByText('Available', { exact: true }));

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
    await expectVisible(kelewele.getByText('GH₵8.50'));
    await expectVisible(kelewele.getByText('Unavailable'));
    await expectVisible(page.getByRole('heading', { name: 'Sides' }));

    await kelewele.getByRole('button', { name: 'Edit Kelewele' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Menu Item' });
    await expectVisible(edit);
    expect(await edit.getByLabel('Price *').inputValue()).toBe('8.50');
    await edit.getByLabel('Price *').fill('9.99');
    await edit.getByRole('switch', { name: 'Available for order' }).click();
    await edit.getByRole('button', { name: 'Update Item' }).click();
    await expectVisible(page.getByText('Menu item updated successfully'));
    await expectVisible(kelewele.getByText('GH₵9.99'));
    await expectVisible(kelewele.getByText('Available', { exact: true }));
    await expectPhoneReady(page);

    await jollof.getByRole('button', { name: 'Delete Jollof Rice' }).click();
    const confirm = page.getByRole('alertdialog');
    await expectVisible(confirm.getByText('Are you sure you want to delete this item?'));
    await expectPhoneReady(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectVisible(page.getByText('Menu item deleted successfully'));
    await expectHidden(page.getByRole('article', { name: 'Jollof Rice' }));

    const menuResponse = await fetch(`${server.origin}/api/restaurants/${restaurantId}/menu-items`, {
      headers: { authorization: `Bearer ${owner.session.accessToken}` },
    });
    const menu = ownMenuSchema.parse(await menuResponse.json());
    expect(menu).toEqual([expect.objectContaining({ name: 'Kelewele', price: 999, category: 'Sides', isAvailable: true })]);
    expect(menu[0]?.imageUrl).toMatch(new RegExp(`^/api/files/food-images/${restaurantId}/[0-9a-f-]{36}\\.webp$`));

    const visitor = await t.newPage(PHONE_390);
    await visitor.goto(`/customer/restaurant/${restaurantId}`);
    await expectVisible(visitor.getByRole('heading', { name: RESTAURANT, level: 1 }));
    await expectVisible(visitor.getByText('Kelewele'));
    await expectVisible(visitor.getByText('GH₵9.99'));
    await expectHidden(visitor.getByText('Jollof Rice'));
    const picture = visitor.locator(`img[src="${menu[0]?.imageUrl}"]`);
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // A 120 px thumbnail fetches the picture's 360 px width, not the stored original.
    expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.webp\?w=360$/);
  });
});

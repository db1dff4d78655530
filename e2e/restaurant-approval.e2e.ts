import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { publicRestaurantListSchema } from '@shared/restaurants/schemas.js';
import { createAccount } from './support/accounts.js';
import { callApi } from './support/api.js';
import { signIn } from './support/authPage.js';
import { imageFiles } from './support/files.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { ADMIN } from './support/server.js';
import { expect, onOwnServer } from './support/test.js';

/** Turns on a setting every restaurant set up on the server obeys: a server of its own, so no other journey sees it. */
const own = onOwnServer({ admin: true });
const test = own.test;

const DESK = { viewport: { width: 1280, height: 900 } };

async function signInAsAdmin(page: Page) {
  const admin = ADMIN;
  await page.goto('/auth');
  await signIn(page, admin.email, admin.password);
  await expect(page).toHavePath('/admin');
}

/**
 * The admin turns on 'New restaurants wait for approval' in Settings; a new owner's restaurant
 * then waits, out of discovery, while its owner is told so, until the admin activates it; taken down
 * later, it is said to be inactive, not waiting.
 */
test.describe('restaurant approval journey', () => {
  const name = `Approval Chop Bar ${randomBytes(3).toString('hex')}`;
  let origin: string;
  const listed = async () =>
    publicRestaurantListSchema
      .parse(await (await fetch(new URL('/api/restaurants', origin))).json())
      .some((restaurant) => restaurant.name === name);

  test.beforeAll(async () => {
    origin = (await own.server()).origin;
  });

  test('keeps a new restaurant waiting, tells its owner, opens it when the admin activates it, and says when it is taken down', async ({
    newPage,
    origin,
    signedIn,
  }) => {
    const admin = await newPage(DESK);
    await signInAsAdmin(admin);
    await admin.goto('/admin/settings');
    await expect(
      admin.getByText('When on, a restaurant an owner sets up stays hidden from customers', { exact: false }),
    ).toBeVisible();
    const approval = admin.getByRole('switch', { name: 'New restaurants wait for approval' });
    await expect.poll(() => approval.isEnabled()).toBe(true);
    expect(await approval.getAttribute('aria-checked')).toBe('false');
    await approval.click();
    await expect(admin.getByText('New restaurants now wait for approval')).toBeVisible();
    await admin.reload();
    await expect.poll(() => approval.getAttribute('aria-checked')).toBe('true');

    const { profilePicture } = await imageFiles();
    const owner = await createAccount(origin, 'restaurant', { avatar: profilePicture });
    const created = await callApi(origin, '/api/restaurants', owner.session.accessToken, {
      method: 'POST',
      body: {
        name,
        description: 'Fufu and light soup',
        address: 'Adum, Kumasi',
        phone: '+233 32 202 0000',
        country: 'Ghana',
        currencySymbol: 'GH₵',
        location: { latitude: 6.6885, longitude: -1.6244 },
        imageUrl: null,
      },
    });
    expect(created).toMatchObject({ isActive: false, awaitingApproval: true });
    expect(await listed()).toBe(false);

    const ownerPage = await signedIn(owner, '/restaurant');
    await expect(ownerPage.getByText('Waiting for approval: an admin will activate your restaurant')).toBeVisible({
      timeout: 20_000,
    });
    await expectPhoneReady(ownerPage);

    await admin.goto('/admin/restaurants');
    await admin.getByLabel('Search restaurants').fill(name);
    // The search settles first: a card of the list from before it would be swapped for the found
    // one under the click, taking the activation's toast with it.
    await expect(admin.getByRole('article')).toHaveCount(1);
    const card = admin.getByRole('article', { name });
    await expect(card.getByText('Waiting for approval: Activate makes it public')).toBeVisible();
    await expect(card.getByText('Waiting', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: `Activate ${name}` }).click();
    await expect(admin.getByText('Restaurant activated')).toBeVisible();
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect.poll(listed).toBe(true);

    await ownerPage.reload();
    await expect(ownerPage.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: 20_000 });
    expect(await ownerPage.getByText('Waiting for approval', { exact: false }).count()).toBe(0);

    // Taken down by the admin, it is not said to be waiting for approval any more, to either of them.
    await card.getByRole('button', { name: `Deactivate ${name}` }).click();
    await expect(admin.getByText('Restaurant deactivated')).toBeVisible();
    await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
    expect(await card.getByText('Waiting for approval', { exact: false }).count()).toBe(0);
    await expect.poll(listed).toBe(false);
    await ownerPage.reload();
    await expect(ownerPage.getByText('Inactive: an admin has taken your restaurant out of discovery')).toBeVisible({
      timeout: 20_000,
    });
    expect(await ownerPage.getByText('Waiting for approval', { exact: false }).count()).toBe(0);
  });
});

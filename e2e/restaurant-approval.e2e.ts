import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { sessionSchema } from '@shared/auth/schemas.js';
import { publicRestaurantListSchema } from '@shared/restaurants/schemas.js';
import { createAccount } from './support/accounts.js';
import { callApi } from './support/api.js';
import { signIn } from './support/authPage.js';
import { expectPath, expectVisible } from './support/expect.js';
import { imageFiles } from './support/files.js';
import { PHONE, useE2E } from './support/harness.js';
import { expectPhoneReady } from './support/pageChecks.js';

const DESK = { viewport: { width: 1280, height: 900 } };

async function signInAsAdmin(page: Page) {
  const admin = inject('admin');
  await page.goto('/auth');
  await signIn(page, admin.email, admin.password);
  await expectPath(page, '/admin');
}

/**
 * The admin turns on 'New restaurants wait for approval' in Settings; a new owner's restaurant
 * then waits, out of discovery, while its owner is told so, until the admin activates it; taken down
 * later, it is said to be inactive, not waiting. The server is shared by the journeys that follow, so
 * the setting is put back off at the end.
 */
describe('restaurant approval journey', () => {
  const t = useE2E();
  const name = `Approval Chop Bar ${randomBytes(3).toString('hex')}`;
  const listed = async () =>
    publicRestaurantListSchema
      .parse(await (await fetch(new URL('/api/restaurants', t.origin))).json())
      .some((restaurant) => restaurant.name === name);

  afterAll(async () => {
    const admin = inject('admin');
    const signedIn = await fetch(`${t.origin}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const token = sessionSchema.parse(await signedIn.json()).accessToken;
    await callApi(t.origin, '/api/admin/approval', token, { method: 'PUT', body: { restaurantsNeedApproval: false } });
  });

  it('keeps a new restaurant waiting, tells its owner, opens it when the admin activates it, and says when it is taken down', async () => {
    const admin = await t.newPage(DESK);
    await signInAsAdmin(admin);
    await admin.goto('/admin/settings');
    await expectVisible(admin.getByText('When on, a restaurant an owner sets up stays hidden from customers', { exact: false }));
    const approval = admin.getByRole('switch', { name: 'New restaurants wait for approval' });
    await expect.poll(() => approval.isEnabled()).toBe(true);
    expect(await approval.getAttribute('aria-checked')).toBe('false');
    await approval.click();
    await expectVisible(admin.getByText('New restaurants now wait for approval'));
    await admin.reload();
    await expect.poll(() => approval.getAttribute('aria-checked')).toBe('true');

    const { profilePicture } = await imageFiles();
    const owner = await createAccount(t.origin, 'restaurant', { avatar: profilePicture });
    const created = await callApi(t.origin, '/api/restaurants', owner.session.accessToken, {
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

    const ownerPage = await t.newPage(PHONE);
    await ownerPage.goto('/auth');
    await signIn(ownerPage, owner.email, owner.password);
    await expectPath(ownerPage, '/restaurant');
    await expectVisible(ownerPage.getByText('Waiting for approval: an admin will activate your restaurant'), 20_000);
    await expectPhoneReady(ownerPage);

    await admin.goto('/admin/restaurants');
    await admin.getByLabel('Search restaurants').fill(name);
    const card = admin.getByRole('article', { name });
    await expectVisible(card.getByText('Waiting for approval: Activate makes it public'));
    await expectVisible(card.getByText('Waiting', { exact: true }));
    await card.getByRole('button', { name: `Activate ${name}` }).click();
    await expectVisible(admin.getByText('Restaurant activated'));
    await expectVisible(card.getByText('Active', { exact: true }));
    await expect.poll(listed).toBe(true);

    await ownerPage.reload();
    await expectVisible(ownerPage.getByRole('heading', { name, level: 1 }), 20_000);
    expect(await ownerPage.getByText('Waiting for approval', { exact: false }).count()).toBe(0);

    // Taken down by the admin, it is not said to be waiting for approval any more, to either of them.
    await card.getByRole('button', { name: `Deactivate ${name}` }).click();
    await expectVisible(admin.getByText('Restaurant deactivated'));
    await expectVisible(card.getByText('Inactive', { exact: true }));
    expect(await card.getByText('Waiting for approval', { exact: false }).count()).toBe(0);
    await expect.poll(listed).toBe(false);
    await ownerPage.reload();
    await expectVisible(ownerPage.getByText('Inactive: an admin has taken your restaurant out of discovery'), 20_000);
    expect(await ownerPage.getByText('Waiting for approval', { exact: false }).count()).toBe(0);
  });
});

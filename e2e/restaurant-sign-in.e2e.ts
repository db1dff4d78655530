import { MESSAGES } from '@shared/auth/schemas.js';
import { createAccount } from './support/accounts.js';
import { signIn, signInForm } from './support/authPage.js';
import { imageFiles } from './support/files.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { expect, PHONE, test } from './support/test.js';
import { ADMIN } from './support/server.js';

test.describe('restaurant owner journey', () => {
  test('sends a signed-out visitor of /restaurant to /auth, refuses a wrong password, and returns to /restaurant after signing in', async ({
    phone: page,
    origin,
  }) => {
    const { profilePicture } = await imageFiles();
    const owner = await createAccount(origin, 'restaurant', { avatar: profilePicture });

    await page.goto('/restaurant');
    await expect(page).toHavePath('/auth');
    await expect(signInForm(page)).toBeVisible();
    await expectPhoneReady(page);

    await signInForm(page).getByRole('button', { name: 'Sign In' }).click();
    await expect(signInForm(page).getByText('Password is required', { exact: true })).toBeVisible();
    // Said under the fields only: no toast repeats it.
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    await expectPhoneReady(page);

    // A wrong password belongs to no one field: it is the one toast, at the bottom, clear of the page.
    await signIn(page, owner.email, `${owner.password}-wrong`);
    const refused = page.locator('[data-sonner-toast]', { hasText: MESSAGES.invalidCredentials });
    await expect(refused).toBeVisible();
    expect(await page.locator('[data-sonner-toast]').count()).toBe(1);
    const form = (await signInForm(page).getByLabel('Email', { exact: true }).boundingBox())!;
    await expect.poll(async () => (await refused.boundingBox())?.y).toBeGreaterThan(form.y + form.height);
    await expect(page).toHavePath('/auth');
    await expectPhoneReady(page);

    await signIn(page, owner.email, owner.password);
    await expect(page).toHavePath('/restaurant');
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No restaurant found', level: 1 })).toBeVisible();
    await expect(signInForm(page)).toBeHidden();
    await expectPhoneReady(page);

    // Back on /auth while signed in, the owner goes on to the dashboard.
    await page.goto('/auth');
    await expect(page).toHavePath('/restaurant');
    await expect(page.getByRole('heading', { name: 'No restaurant found', level: 1 })).toBeVisible();
  });

  test('tells an admin sent to /auth from /restaurant/manager why, rather than showing a bare sign-in form', async ({
    newPage,
  }) => {
    const admin = ADMIN;
    const page = await newPage(PHONE);
    await page.goto('/auth');
    await signIn(page, admin.email, admin.password);
    await expect(page).toHavePath('/admin');

    await page.goto('/restaurant/manager');
    await expect(page).toHavePath('/auth');
    const why = page.getByRole('alert').filter({ hasText: 'This page needs another account' });
    await expect(
      why.getByText('Sales & Transactions is only for managers and restaurant owners. You are signed in as an admin.'),
    ).toBeVisible();
    await expect(signInForm(page)).toBeHidden();
    await expectPhoneReady(page);
    await why.getByRole('link', { name: 'Go to your home page' }).click();
    await expect(page).toHavePath('/admin');
  });
});

import { describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@shared/auth/schemas.js';
import { createAccount } from './support/accounts.js';
import { signIn, signInForm } from './support/authPage.js';
import { expectHidden, expectPath, expectVisible } from './support/expect.js';
import { imageFiles } from './support/files.js';
import { PHONE, useE2E } from './support/harness.js';
import { expectPhoneReady } from './support/pageChecks.js';

describe('restaurant owner journey', () => {
  const t = useE2E();

  it('sends a signed-out visitor of /restaurant to /auth, refuses a wrong password, and returns to /restaurant after signing in', async () => {
    const page = await t.newPage(PHONE);
    const { profilePicture } = await imageFiles();
    const owner = await createAccount(t.origin, 'restaurant', { avatar: profilePicture });

    await page.goto('/restaurant');
    await expectPath(page, '/auth');
    await expectVisible(signInForm(page));
    await expectPhoneReady(page);

    await signInForm(page).getByRole('button', { name: 'Sign In' }).click();
    await expectVisible(signInForm(page).getByText('Password is required', { exact: true }));
    // Said under the fields only: no toast repeats it.
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    await expectPhoneReady(page);

    // A wrong password belongs to no one field: it is the one toast, at the bottom, clear of the page.
    await signIn(page, owner.email, `${owner.password}-wrong`);
    const refused = page.locator('[data-sonner-toast]', { hasText: MESSAGES.invalidCredentials });
    await expectVisible(refused);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(1);
    const form = (await signInForm(page).getByLabel('Email', { exact: true }).boundingBox())!;
    await expect.poll(async () => (await refused.boundingBox())?.y).toBeGreaterThan(form.y + form.height);
    await expectPath(page, '/auth');
    await expectPhoneReady(page);

    await signIn(page, owner.email, owner.password);
    await expectPath(page, '/restaurant');
    await expectVisible(page.getByRole('button', { name: 'Sign Out' }));
    await expectVisible(page.getByRole('heading', { name: 'No restaurant found', level: 1 }));
    await expectHidden(signInForm(page));
    await expectPhoneReady(page);

    // Back on /auth while signed in, the owner goes on to the dashboard.
    await page.goto('/auth');
    await expectPath(page, '/restaurant');
    await expectVisible(page.getByRole('heading', { name: 'No restaurant found', level: 1 }));
  });

  it('tells an admin sent to /auth from /restaurant/manager why, rather than showing a bare sign-in form', async () => {
    const admin = inject('admin');
    const page = await t.newPage(PHONE);
    await page.goto('/auth');
    await signIn(page, admin.email, admin.password);
    await expectPath(page, '/admin');

    await page.goto('/restaurant/manager');
    await expectPath(page, '/auth');
    const why = page.getByRole('alert').filter({ hasText: 'This page needs another account' });
    await expectVisible(
      why.getByText('Sales & Transactions is only for managers and restaurant owners. You are signed in as an admin.'),
    );
    await expectHidden(signInForm(page));
    await expectPhoneReady(page);
    await why.getByRole('link', { name: 'Go to your home page' }).click();
    await expectPath(page, '/admin');
  });
});

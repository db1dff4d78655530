import { MESSAGES } from '@shared/auth/schemas.js';
import { createAccount, newAccount } from './support/accounts.js';
import { fillSignUp, signIn, signInForm, signUpForm, submitSignUp } from './support/authPage.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { serverSideUser } from './support/session.js';
import { expect, test } from './support/test.js';

test.describe('customer journey', () => {
  test('refuses an empty sign-up, then signs up as a customer, lands on /customer and stays signed in after a reload', async ({
    phone: page,
    origin,
  }) => {
    const account = newAccount('customer');
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await submitSignUp(page);
    await expect(signUpForm(page).getByText('Full name is required', { exact: true })).toBeVisible();
    await expect(page).toHavePath('/auth');
    // Each problem is said once, under its field: no toast repeats it.
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    await expectPhoneReady(page);

    // The server's refusal of a common password goes under the password field, and only there.
    await fillSignUp(page, { ...account, password: 'abcabc' }, 'customer');
    await submitSignUp(page);
    await expect(signUpForm(page).getByText(MESSAGES.commonPassword, { exact: true })).toBeVisible();
    expect(await page.getByText(MESSAGES.commonPassword).count()).toBe(1);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);

    await fillSignUp(page, account, 'customer');
    await expectPhoneReady(page);
    await submitSignUp(page);

    await expect(page).toHavePath('/customer');
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();

    await page.reload();
    await expect(page).toHavePath('/customer');
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'My Orders' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeHidden();
    expect(await serverSideUser(page, origin)).toMatchObject({ email: account.email, role: 'customer' });
    await expectPhoneReady(page);
  });

  test('sends a signed-in customer away from /admin to /auth, which says why and offers their home or another account', async ({
    phone: page,
    origin,
  }) => {
    const customer = await createAccount(origin, 'customer');
    await page.goto('/auth');
    await signIn(page, customer.email, customer.password);
    await expect(page).toHavePath('/customer');

    // /auth opened by hand while signed in goes on to the customer's home.
    await page.goto('/auth');
    await expect(page).toHavePath('/customer');

    await page.goto('/admin');
    await expect(page).toHavePath('/auth');
    const why = page.getByRole('alert').filter({ hasText: 'This page needs another account' });
    await expect(why.getByText('The admin area is only for admins. You are signed in as a customer.')).toBeVisible();
    await expect(signInForm(page)).toBeHidden();
    await expect(page.getByText('Admin Panel')).toBeHidden();
    await expect(page.getByText('Admin Dashboard')).toBeHidden();
    await expectPhoneReady(page);

    await why.getByRole('link', { name: 'Go to your home page' }).click();
    await expect(page).toHavePath('/customer');
    await page.goto('/admin');
    await expect(page).toHavePath('/auth');
    await page.getByRole('button', { name: 'Sign out and use another account' }).click();
    await expect(signInForm(page)).toBeVisible();
    // Signed out for real: the reloaded page (its state still naming /admin) shows the form again.
    await page.reload();
    await expect(signInForm(page)).toBeVisible();
  });
});

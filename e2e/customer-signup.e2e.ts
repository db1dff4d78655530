import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/auth/schemas.js';
import { createAccount, newAccount } from './support/accounts.js';
import { fillSignUp, signIn, signInForm, signUpForm, submitSignUp } from './support/authPage.js';
import { expectHidden, expectPath, expectVisible } from './support/expect.js';
import { PHONE, useE2E } from './support/harness.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { serverSideUser } from './support/session.js';

describe('customer journey', () => {
  const t = useE2E();

  it('refuses an empty sign-up, then signs up as a customer, lands on /customer and stays signed in after a reload', async () => {
    const page = await t.newPage(PHONE);
    const account = newAccount('customer');
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await submitSignUp(page);
    await expectVisible(signUpForm(page).getByText('Full name is required', { exact: true }));
    await expectPath(page, '/auth');
    // Each problem is said once, under its field: no toast repeats it.
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    await expectPhoneReady(page);

    // The server's refusal of a common password goes under the password field, and only there.
    await fillSignUp(page, { ...account, password: 'abcabc' }, 'customer');
    await submitSignUp(page);
    await expectVisible(signUpForm(page).getByText(MESSAGES.commonPassword, { exact: true }));
    expect(await page.getByText(MESSAGES.commonPassword).count()).toBe(1);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);

    await fillSignUp(page, account, 'customer');
    await expectPhoneReady(page);
    await submitSignUp(page);

    await expectPath(page, '/customer');
    await expectVisible(page.getByRole('button', { name: 'Sign Out' }));

    await page.reload();
    await expectPath(page, '/customer');
    await expectVisible(page.getByRole('button', { name: 'Sign Out' }));
    await expectVisible(page.getByRole('link', { name: 'My Orders' }));
    await expectHidden(page.getByRole('link', { name: 'Sign In' }));
    expect(await serverSideUser(page, t.origin)).toMatchObject({ email: account.email, role: 'customer' });
    await expectPhoneReady(page);
  });

  it('sends a signed-in customer away from /admin to /auth, which says why and offers their home or another account', async () => {
    const page = await t.newPage(PHONE);
    const customer = await createAccount(t.origin, 'customer');
    await page.goto('/auth');
    await signIn(page, customer.email, customer.password);
    await expectPath(page, '/customer');

    // /auth opened by hand while signed in goes on to the customer's home.
    await page.goto('/auth');
    await expectPath(page, '/customer');

    await page.goto('/admin');
    await expectPath(page, '/auth');
    const why = page.getByRole('alert').filter({ hasText: 'This page needs another account' });
    await expectVisible(why.getByText('The admin area is only for admins. You are signed in as a customer.'));
    await expectHidden(signInForm(page));
    await expectHidden(page.getByText('Admin Panel'));
    await expectHidden(page.getByText('Admin Dashboard'));
    await expectPhoneReady(page);

    await why.getByRole('link', { name: 'Go to your home page' }).click();
    await expectPath(page, '/customer');
    await page.goto('/admin');
    await expectPath(page, '/auth');
    await page.getByRole('button', { name: 'Sign out and use another account' }).click();
    await expectVisible(signInForm(page));
    // Signed out for real: the reloaded page (its state still naming /admin) shows the form again.
    await page.reload();
    await expectVisible(signInForm(page));
  });
});

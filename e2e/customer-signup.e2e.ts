import { describe, expect, it } from 'vitest';
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
    await expectPhoneReady(page);

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

  it('sends a signed-in customer away from /admin without showing the admin area', async () => {
    const page = await t.newPage(PHONE);
    const customer = await createAccount(t.origin, 'customer');
    await page.goto('/auth');
    await signIn(page, customer.email, customer.password);
    await expectPath(page, '/customer');

    await page.goto('/admin');
    await expectPath(page, '/auth');
    await expectVisible(signInForm(page));
    await expectHidden(page.getByText('Admin Panel'));
    await expectHidden(page.getByText('Admin Dashboard'));
    await expectPhoneReady(page);
  });
});

import { describe, expect, it } from 'vitest';
import { createAccount, newAccount } from './support/accounts.js';
import { fillSignUp, signIn, submitSignUp } from './support/authPage.js';
import { expectHidden, expectPath, expectVisible } from './support/expect.js';
import { useE2E } from './support/harness.js';
import { serverSideUser } from './support/session.js';

describe('customer journey', () => {
  const t = useE2E();

  it('signs up as a customer, lands on /customer and stays signed in after a reload', async () => {
    const { page } = t;
    const account = newAccount('customer');
    await page.goto('/auth');
    await fillSignUp(page, account, 'customer');
    await submitSignUp(page);

    await expectPath(page, '/customer');
    await expectVisible(page.getByRole('button', { name: 'Sign Out' }));

    await page.reload();
    await expectPath(page, '/customer');
    await expectVisible(page.getByRole('button', { name: 'Sign Out' }));
    await expectVisible(page.getByRole('link', { name: 'My Orders' }));
    await expectHidden(page.getByRole('link', { name: 'Sign In' }));
    expect(await serverSideUser(page, t.origin)).toMatchObject({ email: account.email, role: 'customer' });
  });

  it('sends a signed-in customer away from /admin without showing the admin area', async () => {
    const { page } = t;
    const customer = await createAccount(t.origin, 'customer');
    await page.goto('/auth');
    await signIn(page, customer.email, customer.password);
    await expectPath(page, '/customer');

    await page.goto('/admin');
    await expectPath(page, '/auth');
    await expectVisible(page.getByRole('tab', { name: 'Sign In' }));
    await expectHidden(page.getByText('Admin Panel'));
    await expectHidden(page.getByText('Admin Dashboard'));
  });
});

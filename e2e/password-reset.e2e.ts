import { describe, it } from 'vitest';
import { MESSAGES } from '@shared/auth/schemas.js';
import { createAccount } from './support/accounts.js';
import { signIn, signInForm } from './support/authPage.js';
import { expectPath, expectVisible } from './support/expect.js';
import { useE2E } from './support/harness.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { waitForMail } from './support/inbox.js';

describe('password reset journey', () => {
  const t = useE2E();

  it('resets a forgotten password through the emailed link; the new password works and the old one fails', async () => {
    const { page } = t;
    const customer = await createAccount(t.origin, 'customer');
    const newPassword = `${customer.password}-renewed`;

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await signInForm(page).getByLabel('Email', { exact: true }).fill(customer.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectVisible(page.getByText('Check your email'));
    await expectPhoneReady(page);

    const escapedOrigin = t.origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const [link] = await waitForMail(customer.email, new RegExp(`${escapedOrigin}/auth\\?reset=[\\w-]+`));
    await page.goto(link);
    await expectVisible(page.getByLabel('New Password', { exact: true }));
    await expectPhoneReady(page);
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectVisible(page.getByRole('tab', { name: 'Sign In' }));

    await signIn(page, customer.email, customer.password);
    await expectVisible(page.getByText(MESSAGES.invalidCredentials));
    await expectPhoneReady(page);
    await expectPath(page, '/auth');

    await signIn(page, customer.email, newPassword);
    await expectPath(page, '/customer');
  });
});

import { MESSAGES } from '@shared/auth/schemas.js';
import { createAccount } from './support/accounts.js';
import { signIn, signInForm } from './support/authPage.js';
import { expectPhoneReady, expectReadableUnderTheMouse } from './support/pageChecks.js';
import { waitForMail } from './support/inbox.js';
import { expect, test } from './support/test.js';

test.describe('password reset journey', () => {
  test('resets a forgotten password through the emailed link; the new password works and the old one fails', async ({
    page,
    origin,
  }) => {
    const customer = await createAccount(origin, 'customer');
    const newPassword = `${customer.password}-renewed`;

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await signInForm(page).getByLabel('Email', { exact: true }).fill(customer.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Check your email')).toBeVisible();
    await expectPhoneReady(page);

    const escapedOrigin = origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const [link] = await waitForMail(customer.email, new RegExp(`${escapedOrigin}/auth\\?reset=[\\w-]+`));
    await page.goto(link);
    await expect(page.getByLabel('New Password', { exact: true })).toBeVisible();
    await expectPhoneReady(page);
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();

    await signIn(page, customer.email, customer.password);
    await expect(page.getByText(MESSAGES.invalidCredentials)).toBeVisible();
    await expectPhoneReady(page);
    await expectReadableUnderTheMouse(page, signInForm(page).getByRole('button', { name: 'Sign In' }));
    await expect(page).toHavePath('/auth');

    await signIn(page, customer.email, newPassword);
    await expect(page).toHavePath('/customer');
  });
});

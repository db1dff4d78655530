import { createAccount } from './support/accounts.js';
import { signIn, signInForm } from './support/authPage.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { expect, test } from './support/test.js';

test.describe('session across tabs', () => {
  test('shares one session between tabs without a token in script reach, and signs every tab out at once', async ({
    phone: page,
    origin,
  }) => {
    const customer = await createAccount(origin, 'customer');
    await page.goto('/auth');
    await expect(signInForm(page)).toBeVisible();
    await expectPhoneReady(page);
    await signIn(page, customer.email, customer.password);
    await expect(page).toHavePath('/customer');
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expectPhoneReady(page);

    const secondTab = await page.context().newPage();
    await secondTab.goto('/customer');
    await expect(secondTab.getByRole('button', { name: 'Sign Out' })).toBeVisible();

    const reachable = await secondTab.evaluate(() => ({
      cookies: document.cookie,
      stored: JSON.stringify(Object.entries(localStorage)),
    }));
    expect(reachable.cookies).not.toContain('chopchop_refresh');
    expect(reachable.stored).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);

    await secondTab.getByRole('button', { name: 'Sign Out' }).click();
    for (const tab of [secondTab, page]) {
      await expect(tab.getByRole('link', { name: 'Sign In' })).toBeVisible();
      await expect(tab.getByRole('button', { name: 'Sign Out' })).toBeHidden();
    }

    await page.reload();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeHidden();
    await expectPhoneReady(page);
  });
});

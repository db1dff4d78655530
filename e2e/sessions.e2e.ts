import { describe, expect, it } from 'vitest';
import { createAccount } from './support/accounts.js';
import { signIn, signInForm } from './support/authPage.js';
import { expectHidden, expectPath, expectVisible } from './support/expect.js';
import { PHONE, useE2E } from './support/harness.js';
import { expectPhoneReady } from './support/pageChecks.js';

describe('session across tabs', () => {
  const t = useE2E();

  it('shares one session between tabs without a token in script reach, and signs every tab out at once', async () => {
    const page = await t.newPage(PHONE);
    const customer = await createAccount(t.origin, 'customer');
    await page.goto('/auth');
    await expectVisible(signInForm(page));
    await expectPhoneReady(page);
    await signIn(page, customer.email, customer.password);
    await expectPath(page, '/customer');
    await expectVisible(page.getByRole('button', { name: 'Sign Out' }));
    await expectPhoneReady(page);

    const secondTab = await page.context().newPage();
    await secondTab.goto('/customer');
    await expectVisible(secondTab.getByRole('button', { name: 'Sign Out' }));

    const reachable = await secondTab.evaluate(() => ({
      cookies: document.cookie,
      stored: JSON.stringify(Object.entries(localStorage)),
    }));
    expect(reachable.cookies).not.toContain('chopchop_refresh');
    expect(reachable.stored).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);

    await secondTab.getByRole('button', { name: 'Sign Out' }).click();
    for (const tab of [secondTab, page]) {
      await expectVisible(tab.getByRole('link', { name: 'Sign In' }));
      await expectHidden(tab.getByRole('button', { name: 'Sign Out' }));
    }

    await page.reload();
    await expectVisible(page.getByRole('link', { name: 'Sign In' }));
    await expectHidden(page.getByRole('button', { name: 'Sign Out' }));
    await expectPhoneReady(page);
  });
});

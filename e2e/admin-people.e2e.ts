import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ADMIN_DRIVER_MESSAGES } from '@shared/admin/drivers.js';
import { ADMIN_USER_MESSAGES } from '@shared/admin/users.js';
import { MESSAGES } from '@shared/auth/schemas.js';
import { createAccount, createDriver } from './support/accounts.js';
import { signIn } from './support/authPage.js';
import { expectPath, expectVisible } from './support/expect.js';
import { PHONE, useE2E } from './support/harness.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { snapshot } from './support/screenshots.js';

/** Types into a list's search box and waits for the server's answer to that search. */
async function search(page: Page, placeholder: string, list: 'users' | 'drivers', text: string) {
  const answered = page.waitForResponse(
    (response) => response.url().includes(`/api/admin/${list}?`) && new URL(response.url()).searchParams.get('q') === text.trim(),
  );
  await page.getByPlaceholder(placeholder).fill(text);
  await answered;
}

const card = (page: Page, name: string) => page.getByRole('article', { name });
const badge = (scope: Locator, text: string) => scope.getByText(text, { exact: true });
const levelOneHeadings = (page: Page) => page.getByRole('heading', { level: 1 }).allInnerTexts();

describe('the admin looks after people', () => {
  const t = useE2E();
  const admin = inject('admin');

  it('finds a driver by name and verifies, unverifies and verifies them; finds a user by email and disables them', async () => {
    const driver = await createDriver(t.origin, {
      label: 'rider',
      plateNumber: `GR-${randomBytes(2).toString('hex').toUpperCase()}-24`,
    });
    const customer = await createAccount(t.origin, 'customer');

    const page = await t.newPage(PHONE);
    await page.goto('/auth');
    await signIn(page, admin.email, admin.password);
    await expectPath(page, '/admin');

    await page.goto('/admin/drivers');
    await expectVisible(page.getByRole('heading', { name: ADMIN_DRIVER_MESSAGES.title }));
    await search(page, ADMIN_DRIVER_MESSAGES.searchPlaceholder, 'drivers', driver.fullName.toUpperCase());
    const driverCard = card(page, driver.fullName);
    await expectVisible(driverCard);
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await expectVisible(badge(driverCard, 'Not Verified'));
    await expectVisible(badge(driverCard, 'Unavailable'));
    await expectVisible(driverCard.getByText(ADMIN_DRIVER_MESSAGES.noLocation));
    expect(await levelOneHeadings(page)).toEqual([ADMIN_DRIVER_MESSAGES.title]);
    await expectPhoneReady(page);

    // The documents are private uploads, shown through links the server signed for this admin.
    await driverCard.getByRole('button', { name: 'Documents' }).click();
    const documents = page.getByRole('dialog');
    const licence = documents.getByRole('img', { name: `Driver's licence of ${driver.fullName}` });
    await expectVisible(licence);
    await expect.poll(() => licence.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await expectPhoneReady(page);
    await snapshot(page, 'drivers-documents-360');
    await page.keyboard.press('Escape');

    await driverCard.getByRole('button', { name: `Verify ${driver.fullName}` }).click();
    await expectVisible(page.getByText(ADMIN_DRIVER_MESSAGES.verified, { exact: true }));
    await expectVisible(badge(driverCard, 'Verified'));
    await snapshot(page, 'drivers-360');

    await driverCard.getByRole('button', { name: `Unverify ${driver.fullName}` }).click();
    await expectVisible(page.getByText(ADMIN_DRIVER_MESSAGES.unverified, { exact: true }));
    await expectVisible(badge(driverCard, 'Not Verified'));

    await driverCard.getByRole('button', { name: `Verify ${driver.fullName}` }).click();
    await expectVisible(badge(driverCard, 'Verified'));

    await page.goto('/admin/users');
    await expectVisible(page.getByRole('heading', { name: ADMIN_USER_MESSAGES.title }));
    await search(page, ADMIN_USER_MESSAGES.searchPlaceholder, 'users', customer.email.toUpperCase());
    const userCard = card(page, customer.fullName);
    await expectVisible(userCard);
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await expectVisible(userCard.getByText(customer.email));
    await expectVisible(badge(userCard, 'Customer'));
    expect(await levelOneHeadings(page)).toEqual([ADMIN_USER_MESSAGES.title]);
    await expectPhoneReady(page);

    await userCard.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Disable account' }).click();
    await expectVisible(page.getByText(ADMIN_USER_MESSAGES.disabled, { exact: true }));
    await expectVisible(badge(userCard, 'Disabled'));
    await expectPhoneReady(page);
    await snapshot(page, 'users-360');

    const customerPage = await t.newPage(PHONE);
    await customerPage.goto('/auth');
    await signIn(customerPage, customer.email, customer.password);
    await expectVisible(customerPage.getByText(MESSAGES.accountDisabled));
    await expectPath(customerPage, '/auth');

    await search(page, ADMIN_USER_MESSAGES.searchPlaceholder, 'users', 'no such person anywhere');
    await expectVisible(page.getByText(ADMIN_USER_MESSAGES.empty));

    if (process.env.E2E_SCREENSHOTS) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByPlaceholder(ADMIN_USER_MESSAGES.searchPlaceholder).fill('');
      await expectVisible(userCard);
      await snapshot(page, 'users-1280');
      await page.goto('/admin/drivers');
      await expectVisible(page.getByRole('article').first());
      await snapshot(page, 'drivers-1280');
    }
  });
});

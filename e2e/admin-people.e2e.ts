import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { ADMIN_DRIVER_MESSAGES } from '@shared/admin/drivers.js';
import { ADMIN_USER_MESSAGES } from '@shared/admin/users.js';
import { MESSAGES } from '@shared/auth/schemas.js';
import { createAccount, createDriver } from './support/accounts.js';
import { signIn } from './support/authPage.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { snapshot } from './support/screenshots.js';
import { expect, PHONE, test } from './support/test.js';
import { ADMIN } from './support/server.js';

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

test.describe('the admin looks after people', () => {
  const admin = ADMIN;

  test('finds a driver by name and verifies, unverifies and verifies them; finds a user by email and disables them', async ({
    newPage,
    origin,
  }) => {
    const driver = await createDriver(origin, {
      label: 'rider',
      plateNumber: `GR-${randomBytes(2).toString('hex').toUpperCase()}-24`,
    });
    const customer = await createAccount(origin, 'customer');

    const page = await newPage(PHONE);
    await page.goto('/auth');
    await signIn(page, admin.email, admin.password);
    await expect(page).toHavePath('/admin');

    await page.goto('/admin/drivers');
    await expect(page.getByRole('heading', { name: ADMIN_DRIVER_MESSAGES.title })).toBeVisible();
    await search(page, ADMIN_DRIVER_MESSAGES.searchPlaceholder, 'drivers', driver.fullName.toUpperCase());
    const driverCard = card(page, driver.fullName);
    await expect(driverCard).toBeVisible();
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await expect(badge(driverCard, 'Not Verified')).toBeVisible();
    await expect(badge(driverCard, 'Unavailable')).toBeVisible();
    await expect(driverCard.getByText(ADMIN_DRIVER_MESSAGES.noLocation)).toBeVisible();
    expect(await levelOneHeadings(page)).toEqual([ADMIN_DRIVER_MESSAGES.title]);
    await expectPhoneReady(page);

    // The documents are private uploads, shown through links the server signed for this admin.
    await driverCard.getByRole('button', { name: 'Documents' }).click();
    const documents = page.getByRole('dialog');
    const licence = documents.getByRole('img', { name: `Driver's licence of ${driver.fullName}` });
    await expect(licence).toBeVisible();
    await expect.poll(() => licence.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await expectPhoneReady(page);
    await snapshot(page, 'drivers-documents-360');
    await page.keyboard.press('Escape');

    await driverCard.getByRole('button', { name: `Verify ${driver.fullName}` }).click();
    await expect(page.getByText(ADMIN_DRIVER_MESSAGES.verified, { exact: true })).toBeVisible();
    await expect(badge(driverCard, 'Verified')).toBeVisible();
    await snapshot(page, 'drivers-360');

    await driverCard.getByRole('button', { name: `Unverify ${driver.fullName}` }).click();
    await expect(page.getByText(ADMIN_DRIVER_MESSAGES.unverified, { exact: true })).toBeVisible();
    await expect(badge(driverCard, 'Not Verified')).toBeVisible();

    await driverCard.getByRole('button', { name: `Verify ${driver.fullName}` }).click();
    await expect(badge(driverCard, 'Verified')).toBeVisible();

    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: ADMIN_USER_MESSAGES.title })).toBeVisible();
    await search(page, ADMIN_USER_MESSAGES.searchPlaceholder, 'users', customer.email.toUpperCase());
    const userCard = card(page, customer.fullName);
    await expect(userCard).toBeVisible();
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await expect(userCard.getByText(customer.email)).toBeVisible();
    // The badge, first; the role picker below shows the role too.
    await expect(badge(userCard, 'Customer').first()).toBeVisible();
    expect(await levelOneHeadings(page)).toEqual([ADMIN_USER_MESSAGES.title]);
    await expectPhoneReady(page);

    await userCard.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Disable account' }).click();
    await expect(page.getByText(ADMIN_USER_MESSAGES.disabled, { exact: true })).toBeVisible();
    await expect(badge(userCard, 'Disabled')).toBeVisible();
    await expectPhoneReady(page);
    await snapshot(page, 'users-360');

    const customerPage = await newPage(PHONE);
    await customerPage.goto('/auth');
    await signIn(customerPage, customer.email, customer.password);
    await expect(customerPage.getByText(MESSAGES.accountDisabled)).toBeVisible();
    await expect(customerPage).toHavePath('/auth');

    await search(page, ADMIN_USER_MESSAGES.searchPlaceholder, 'users', 'no such person anywhere');
    await expect(page.getByText(ADMIN_USER_MESSAGES.empty)).toBeVisible();

    if (process.env.E2E_SCREENSHOTS) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByPlaceholder(ADMIN_USER_MESSAGES.searchPlaceholder).fill('');
      await expect(userCard).toBeVisible();
      await snapshot(page, 'users-1280');
      await page.goto('/admin/drivers');
      await expect(page.getByRole('article').first()).toBeVisible();
      await snapshot(page, 'drivers-1280');
    }
  });
});

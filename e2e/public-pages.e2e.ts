import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { SIGNUP_ROLE_LABELS } from '@shared/auth/roles.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { expect, test } from './support/test.js';

const screenshots = path.resolve(import.meta.dirname, '.artifacts');

test.describe('public pages', () => {
  test('shows the 404 page for an unknown path, logs the path, and its Return to Home link leads to /', async ({ page }) => {
    const logged = page.waitForEvent('console', { predicate: (message) => message.text().includes('/no/such/page') });
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    expect((await logged).type()).toBe('error');
    await expectPhoneReady(page);

    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHavePath('/');
    await expect(page.getByRole('link', { name: 'Browse Restaurants' })).toBeVisible();
  });

  test('fits the landing page and the sign-in and driver sign-up forms to a thumb on a 360 px phone, readable and without sideways scrolling', async ({
    phone: page,
  }) => {
    mkdirSync(screenshots, { recursive: true });

    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Browse Restaurants' })).toBeVisible();
    await page.screenshot({ path: path.join(screenshots, 'phone-landing.png'), fullPage: true });
    await expectPhoneReady(page);

    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
    await page.screenshot({ path: path.join(screenshots, 'phone-auth.png'), fullPage: true });
    await expectPhoneReady(page);

    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByRole('radio', { name: SIGNUP_ROLE_LABELS.driver }).check();
    await expect(page.getByLabel('Vehicle Image', { exact: true })).toBeVisible();
    await page.screenshot({ path: path.join(screenshots, 'phone-driver-sign-up.png'), fullPage: true });
    await expectPhoneReady(page);
  });
});

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIGNUP_ROLE_LABELS } from '@shared/auth/roles.js';
import { expectPath, expectVisible } from './support/expect.js';
import { PHONE, useE2E } from './support/harness.js';
import { expectPhoneReady } from './support/pageChecks.js';

const screenshots = path.resolve(import.meta.dirname, '.artifacts');

describe('public pages', () => {
  const t = useE2E();

  it('shows the 404 page for an unknown path, logs the path, and its Return to Home link leads to /', async () => {
    const { page } = t;
    const logged = page.waitForEvent('console', { predicate: (message) => message.text().includes('/no/such/page') });
    await page.goto('/no/such/page');
    await expectVisible(page.getByRole('heading', { name: 'Oops! Page not found' }));
    expect((await logged).type()).toBe('error');
    await expectPhoneReady(page);

    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expectPath(page, '/');
    await expectVisible(page.getByRole('link', { name: 'Browse Restaurants' }));
  });

  it('fits the landing page and the sign-in and driver sign-up forms to a thumb on a 360 px phone, readable and without sideways scrolling', async () => {
    const page = await t.newPage(PHONE);
    mkdirSync(screenshots, { recursive: true });

    await page.goto('/');
    await expectVisible(page.getByRole('link', { name: 'Browse Restaurants' }));
    await page.screenshot({ path: path.join(screenshots, 'phone-landing.png'), fullPage: true });
    await expectPhoneReady(page);

    await page.goto('/auth');
    await expectVisible(page.getByRole('tab', { name: 'Sign In' }));
    await page.screenshot({ path: path.join(screenshots, 'phone-auth.png'), fullPage: true });
    await expectPhoneReady(page);

    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByRole('radio', { name: SIGNUP_ROLE_LABELS.driver }).check();
    await expectVisible(page.getByLabel('Vehicle Image', { exact: true }));
    await page.screenshot({ path: path.join(screenshots, 'phone-driver-sign-up.png'), fullPage: true });
    await expectPhoneReady(page);
  });
});

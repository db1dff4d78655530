import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createAccount } from './support/accounts.js';
import { signIn } from './support/authPage.js';
import { expectPath, expectVisible } from './support/expect.js';
import { PHONE, useE2E } from './support/harness.js';

/** Keeps the page's first heading as the HTML gave it, before any script could run. */
const KEEP_FIRST_HEADING = `document.addEventListener('readystatechange', () => {
  if (document.readyState === 'interactive') window.headingFromHtml = document.querySelector('h1');
});`;

/** Waits until React has taken over the heading, and says whether it kept the node the HTML made. */
async function headingHydrated(page: Page): Promise<boolean> {
  await page.waitForFunction(() => Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__react')));
  return page.evaluate(
    () => (window as unknown as { headingFromHtml: Element }).headingFromHtml === document.querySelector('h1'),
  );
}

describe('prerendered pages', () => {
  const t = useE2E();

  it('shows the landing page and the /customer shell with scripts turned off', async () => {
    const page = await t.newPage({ ...PHONE, javaScriptEnabled: false });
    await page.goto('/');
    await expectVisible(page.getByRole('heading', { name: 'Your favourite food, delivered with ChopChop' }));
    await expectVisible(page.getByRole('link', { name: 'Browse Restaurants' }));

    await page.goto('/customer');
    await expectVisible(page.getByRole('heading', { name: 'What are you craving today?' }));
    await expectVisible(page.getByRole('list', { name: 'Loading restaurants' }));
  });

  it('hydrates the landing page and /customer on the HTML they came with, then lists the restaurants', async () => {
    const { page } = t;
    await page.addInitScript(KEEP_FIRST_HEADING);
    await page.goto('/');
    expect(await headingHydrated(page)).toBe(true);

    await page.goto('/customer');
    expect(await headingHydrated(page)).toBe(true);
    await expectVisible(page.getByRole('heading', { name: 'Restaurants' }));
    await expect.poll(() => page.getByRole('list', { name: 'Loading restaurants' }).count()).toBe(0);
  });

  it('still takes a signed-in customer from the landing page to their home once it hydrates', async () => {
    const { page } = t;
    const customer = await createAccount(t.origin, 'customer');
    await page.goto('/auth');
    await signIn(page, customer.email, customer.password);
    await expectPath(page, '/customer');

    await page.goto('/');
    await expectPath(page, '/customer');
    await expectVisible(page.getByRole('heading', { name: 'What are you craving today?' }));
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createAccount } from './support/accounts.js';
import { callApi } from './support/api.js';
import { signIn } from './support/authPage.js';
import { expectPath, expectVisible } from './support/expect.js';
import { imageFiles } from './support/files.js';
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

const RESTAURANT = 'Prerendered Chop Bar';

/** Every script the page asks for, by its path. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

describe('prerendered pages', () => {
  const t = useE2E();

  beforeAll(async () => {
    const { profilePicture } = await imageFiles();
    const owner = await createAccount(t.origin, 'restaurant', { avatar: profilePicture });
    await callApi(t.origin, '/api/restaurants', owner.session.accessToken, {
      method: 'POST',
      body: {
        name: RESTAURANT,
        description: 'Banku and grilled tilapia',
        address: '7 Ring Road, Accra',
        phone: '+233 30 222 5555',
        country: 'Ghana',
        currencySymbol: 'GH₵',
        location: { latitude: 5.57, longitude: -0.2 },
        imageUrl: null,
      },
    });
  });

  it('shows the landing page, and /customer with its restaurants, styled by their own HTML, with scripts turned off', async () => {
    const page = await t.newPage({ ...PHONE, javaScriptEnabled: false });
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
    });
    await page.goto('/');
    const hero = page.getByRole('heading', { name: 'Your favourite food, delivered with ChopChop' });
    await expectVisible(hero);
    expect(await hero.evaluate((heading) => getComputedStyle(heading).fontWeight)).toBe('800');
    await expectVisible(page.getByRole('link', { name: 'Browse Restaurants' }));

    await page.goto('/customer');
    await expectVisible(page.getByRole('heading', { name: 'What are you craving today?' }));
    await expectVisible(page.getByRole('link', { name: RESTAURANT }));
    expect(stylesheets).toEqual([]);
  });

  it('keeps the landing page plain HTML for a visitor: none of the app loads, and its links open the pages', async () => {
    const { page } = t;
    const scripts = recordScripts(page);
    await page.goto('/');
    await page.waitForLoadState('load');
    expect(scripts.some((script) => script.startsWith('/assets/landing-'))).toBe(true);
    expect(scripts.filter((script) => /^\/assets\/(index|react|router|zod|LandingPage)-/.test(script))).toEqual([]);

    await page.getByRole('link', { name: 'Browse Restaurants' }).click();
    await expectPath(page, '/customer');
    await expectVisible(page.getByRole('link', { name: RESTAURANT }));
  });

  it('hydrates /customer on the HTML it came with, restaurants included, without asking for them again', async () => {
    const { page } = t;
    const listRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/restaurants') listRequests.push(request.url());
    });
    await page.addInitScript(KEEP_FIRST_HEADING);
    await page.goto('/customer');
    expect(await headingHydrated(page)).toBe(true);
    await expectVisible(page.getByRole('link', { name: RESTAURANT }));
    expect(listRequests).toEqual([]);
  });

  it('still takes a signed-in customer from the landing page to their home', async () => {
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

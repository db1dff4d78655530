import type { Page } from '@playwright/test';
import { createAccount } from './support/accounts.js';
import { callApi } from './support/api.js';
import { signIn } from './support/authPage.js';
import { imageFiles } from './support/files.js';
import { expect, PHONE, test } from './support/test.js';

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

test.describe('prerendered pages', () => {
  test.beforeAll(async ({ sharedOrigin: origin }) => {
    const { profilePicture } = await imageFiles();
    const owner = await createAccount(origin, 'restaurant', { avatar: profilePicture });
    await callApi(origin, '/api/restaurants', owner.session.accessToken, {
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

  test('shows the landing page, and /customer with its restaurants, styled by their own HTML, with scripts turned off', async ({
    newPage,
  }) => {
    const page = await newPage({ ...PHONE, javaScriptEnabled: false });
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
    });
    await page.goto('/');
    const hero = page.getByRole('heading', { name: 'Your favourite food, delivered with ChopChop' });
    await expect(hero).toBeVisible();
    expect(await hero.evaluate((heading) => getComputedStyle(heading).fontWeight)).toBe('800');
    await expect(page.getByRole('link', { name: 'Browse Restaurants' })).toBeVisible();

    await page.goto('/customer');
    await expect(page.getByRole('heading', { name: 'What are you craving today?' })).toBeVisible();
    await expect(page.getByRole('link', { name: RESTAURANT })).toBeVisible();
    expect(stylesheets).toEqual([]);
  });

  test('keeps the landing page plain HTML for a visitor: none of the app loads, and its links open the pages', async ({
    page,
  }) => {
    const scripts = recordScripts(page);
    await page.goto('/');
    await page.waitForLoadState('load');
    expect(scripts.some((script) => script.startsWith('/assets/landing-'))).toBe(true);
    expect(scripts.filter((script) => /^\/assets\/(index|react|router|zod|LandingPage)-/.test(script))).toEqual([]);

    await page.getByRole('link', { name: 'Browse Restaurants' }).click();
    await expect(page).toHavePath('/customer');
    await expect(page.getByRole('link', { name: RESTAURANT })).toBeVisible();
  });

  test('hydrates /customer on the HTML it came with, restaurants included, without asking for them again', async ({ page }) => {
    const listRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/restaurants') listRequests.push(request.url());
    });
    await page.addInitScript(KEEP_FIRST_HEADING);
    await page.goto('/customer');
    expect(await headingHydrated(page)).toBe(true);
    await expect(page.getByRole('link', { name: RESTAURANT })).toBeVisible();
    expect(listRequests).toEqual([]);
  });

  test('searches what a visitor on a slow phone typed into /customer before the app had loaded', async ({ page }) => {
    let scriptsMayLoad!: () => void;
    const held = new Promise<void>((resolve) => (scriptsMayLoad = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/customer', { waitUntil: 'commit' });
    await page.getByLabel('Search restaurants').fill('no such dish anywhere');
    await expect(page.getByRole('link', { name: RESTAURANT })).toBeVisible();

    scriptsMayLoad();
    await expect(page.getByText('No restaurants match “no such dish anywhere”')).toBeVisible();
    await expect(page.getByLabel('Search restaurants')).toHaveValue('no such dish anywhere');
  });

  test('still takes a signed-in customer from the landing page to their home', async ({ page, origin }) => {
    const customer = await createAccount(origin, 'customer');
    await page.goto('/auth');
    await signIn(page, customer.email, customer.password);
    await expect(page).toHavePath('/customer');

    await page.goto('/');
    await expect(page).toHavePath('/customer');
    await expect(page.getByRole('heading', { name: 'What are you craving today?' })).toBeVisible();
  });
});

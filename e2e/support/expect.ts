import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

const TIMEOUT = 10_000;

/** The client routes without reloading, so the path is polled until it settles. */
export async function expectPath(page: Page, pathname: string, timeout = TIMEOUT): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname, { timeout, message: 'page path' }).toBe(pathname);
}

export async function expectVisible(locator: Locator, timeout = TIMEOUT): Promise<void> {
  await expect
    .poll(() => locator.filter({ visible: true }).count(), { timeout, message: `${locator.toString()} should be visible` })
    .toBeGreaterThan(0);
}

export async function expectHidden(locator: Locator, timeout = TIMEOUT): Promise<void> {
  await expect
    .poll(() => locator.filter({ visible: true }).count(), { timeout, message: `${locator.toString()} should not be visible` })
    .toBe(0);
}

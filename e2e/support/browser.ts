import { chromium, type Browser, type LaunchOptions } from '@playwright/test';

/** Debian's Chromium (or CHROMIUM_PATH), headless: Playwright never downloads a browser here. */
export const CHROMIUM: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** That Chromium for a script of its own (the benchmarks); the journeys get it from playwright.config.ts. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(CHROMIUM);
}

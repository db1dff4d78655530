import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import { expect, type Locator, type Page } from '@playwright/test';

/** The narrowest phones the product supports, and the common one. */
const PHONE_WIDTHS = [320, 360] as const;

/** The smallest thing a thumb hits reliably (WCAG 2.5.5, Apple and Material guidelines), in CSS pixels. */
const MIN_TARGET_PX = 44;

const INTERACTIVE = [
  'a[href]',
  'button',
  'input:not([type=hidden])',
  'select',
  'textarea',
  '[role=button]',
  '[role=tab]',
  '[role=radio]',
  '[role=switch]',
  '[role=checkbox]',
].join(',');

/** axe-core's script, read from node_modules: the journeys never fetch anything from elsewhere. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Fails with every problem listed in full (an expect() message would cut the list short). */
function expectNone(problems: string[], what: string): void {
  if (problems.length > 0) throw new Error(`${what}:\n${problems.join('\n')}`);
}

/** Runs a check with the page at this width, then puts the page's own viewport back. */
async function atWidth<T>(page: Page, width: number, check: () => Promise<T>): Promise<T> {
  const original = page.viewportSize();
  await page.setViewportSize({ width, height: original?.height ?? 740 });
  try {
    return await check();
  } finally {
    if (original) await page.setViewportSize(original);
  }
}

/** Nothing scrolls sideways at 320 and 360 px; a failure follows the widest content down from the box that sticks out. */
async function expectNoSidewaysOverflow(page: Page): Promise<void> {
  const overflows: string[] = [];
  for (const width of PHONE_WIDTHS) {
    const { scrollWidth, clientWidth, culprits } = await atWidth(page, width, () =>
      page.evaluate(() => {
        const root = document.scrollingElement ?? document.documentElement;
        const ancestors = (element: Element) => {
          const found: HTMLElement[] = [];
          for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) found.push(node);
          return found;
        };
        // Inside a box that clips or scrolls (a map, a chip bar), overflow is the box's business.
        const clipped = (element: Element) => ancestors(element).some((node) => getComputedStyle(node).overflowX !== 'visible');
        const minContentWidth = (element: HTMLElement) => {
          const width = element.style.width;
          element.style.width = 'min-content';
          const measured = element.offsetWidth;
          element.style.width = width;
          return measured;
        };
        const describe = (element: HTMLElement) =>
          `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">`;
        // The container of a box wider than it, then the child that needs the most width, down to the
        // element that cannot be narrower (a long unbreakable line, a fixed width).
        const tooWide = [...document.body.querySelectorAll<HTMLElement>('*')].find(
          (element) =>
            element.parentElement !== null && element.offsetWidth > element.parentElement.clientWidth + 1 && !clipped(element),
        );
        const culprits: string[] = [];
        for (let element = tooWide?.parentElement ?? undefined; element;) {
          culprits.push(`${describe(element)} needs ${minContentWidth(element)} px`);
          const children = [...element.children].filter((child): child is HTMLElement => child instanceof HTMLElement);
          element = children.sort((a, b) => minContentWidth(b) - minContentWidth(a))[0];
        }
        return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, culprits };
      }),
    );
    if (scrollWidth > clientWidth) overflows.push(`at ${width} px the page is ${scrollWidth} px wide: ${culprits.join(' > ')}`);
  }
  expectNone(overflows, `${page.url()} scrolls sideways`);
}

/**
 * Where a thumb can hit no control: the attribution links Leaflet prints in small type in a
 * map's corner, as every map must credit its sources; they are text, not controls of the app.
 */
const EXEMPT_TARGETS = '.leaflet-control-attribution a';

/**
 * Every visible control a finger uses has a hit box of at least 44 x 44 px: its own box, the box
 * of a stretched ::after (a card-wide link), or, for a small radio or switch, its label's. Links
 * inside a sentence are exempt (WCAG's inline exception), and so are controls only screen readers
 * reach (1 px boxes) and those nothing reaches.
 */
async function expectThumbSizedTargets(page: Page): Promise<void> {
  const offenders = await page.evaluate(
    ({ selector, exempt, min }) => {
      const describe = (element: Element) => {
        const name = element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().slice(0, 40);
        return `<${element.tagName.toLowerCase()}> "${name}"`;
      };
      const isInlineTextLink = (element: Element) =>
        element.tagName === 'A' && element.closest('p') !== null && getComputedStyle(element).display === 'inline';
      const px = (value: string) => Number.parseFloat(value) || 0;
      // Layout sizes, not on-screen boxes: a toast sliding in or stacked behind another is scaled for a moment.
      const size = (element: Element) =>
        element instanceof HTMLElement
          ? { width: element.offsetWidth, height: element.offsetHeight }
          : element.getBoundingClientRect();
      /** The box of an absolutely placed ::after, which takes clicks for its element. */
      const afterBox = (element: Element) => {
        const after = getComputedStyle(element, '::after');
        if (after.content === 'none' || after.position !== 'absolute') return null;
        const positioned = getComputedStyle(element).position !== 'static';
        const container = positioned ? element : (element as HTMLElement).offsetParent;
        if (!container) return null;
        const box = size(container);
        return {
          width: box.width - px(after.left) - px(after.right),
          height: box.height - px(after.top) - px(after.bottom),
        };
      };
      const hitBox = (element: Element) => {
        const labels = 'labels' in element ? [...((element as HTMLInputElement).labels ?? [])] : [];
        const boxes = [size(element), afterBox(element), ...labels.map(size)];
        return boxes.reduce<{ width: number; height: number }>(
          (best, box) => (box ? { width: Math.max(best.width, box.width), height: Math.max(best.height, box.height) } : best),
          { width: 0, height: 0 },
        );
      };
      return [...document.querySelectorAll(selector)].flatMap((element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        const hidden = box.width <= 1 || box.height <= 1 || style.visibility === 'hidden' || element.closest('[inert]');
        // e.g. the native input a Radix radio keeps for forms: neither fingers nor screen readers reach it.
        const unreachable = style.pointerEvents === 'none' && element.getAttribute('aria-hidden') === 'true';
        if (hidden || unreachable || element.matches(exempt) || isInlineTextLink(element)) return [];
        const { width, height } = hitBox(element);
        // Sub-pixel layout can leave a 44 px box at 43.99.
        if (Math.round(width) >= min && Math.round(height) >= min) return [];
        return [`${describe(element)} is ${Math.round(width)} x ${Math.round(height)} px`];
      });
    },
    { selector: INTERACTIVE, exempt: EXEMPT_TARGETS, min: MIN_TARGET_PX },
  );
  expectNone(offenders, `${page.url()} has controls smaller than ${MIN_TARGET_PX} x ${MIN_TARGET_PX} px`);
}

/**
 * Lets finite animations end (a toast still fading in would be measured at half its colour;
 * endless ones, spinners, never end), then runs axe-core: its violations, and whether every node
 * they name is inside a toast or gone from the page since.
 */
async function axeOnSettledPage(page: Page): Promise<{ results: string[]; onlyTransient: boolean }> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run(context: Document): Promise<AxeResults> } };
    const { violations } = await axe.run(document);
    const nodes = violations.flatMap((violation) => violation.nodes);
    // In a toast, or gone from the page since axe read it.
    const transient = (target: unknown[]) => {
      const element = document.querySelector(String(target[0]));
      return element === null || element.closest('[data-sonner-toast]') !== null;
    };
    return {
      results: violations.map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.help}\n` +
          violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n'),
      ),
      onlyTransient: nodes.length > 0 && nodes.every((node) => transient(node.target)),
    };
  });
}

/** axe-core finds no WCAG 2.2 A or AA violation, nor any of its best practices, on the page as it is now. */
async function expectNoAxeViolations(page: Page): Promise<void> {
  // A list dimmed while its next results load (aria-busy) is checked once they are in.
  await expect
    .poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 10_000, message: 'the page is still loading' })
    .toBe(0);
  // Evaluated through the DevTools protocol, which the app's Content Security Policy does not stop (a <script> it would).
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.evaluate(axeSource);
  // A toast whose time ran out while axe was reading it was measured fading away: once it is gone,
  // the page is read again. A toast that stays on screen with too little contrast fails both times.
  const first = await axeOnSettledPage(page);
  const { results } = first.results.length > 0 && first.onlyTransient ? await axeOnSettledPage(page) : first;
  expectNone(results, `axe-core found violations on ${page.url()}`);
}

/**
 * A control stays readable under a mouse left on it after a click (its hover colours): axe-core
 * with the pointer over it, at the page's own width. A phone has no hover, so this is a desktop check.
 */
export async function expectReadableUnderTheMouse(page: Page, control: Locator): Promise<void> {
  await control.hover();
  await expectNoAxeViolations(page);
}

/**
 * What every page of every role must pass, as a 360 px phone shows it: no sideways scrolling
 * (at 320 px either), thumb-sized controls, and no axe-core violation.
 */
export async function expectPhoneReady(page: Page): Promise<void> {
  await expectNoSidewaysOverflow(page);
  await atWidth(page, 360, async () => {
    await expectThumbSizedTargets(page);
    await expectNoAxeViolations(page);
  });
}

/**
 * How many lines the text an element shows takes: its visible text nodes' line boxes, counted by
 * their tops (text only screen readers get, 1px wide, is left out).
 */
function shownLines(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || parent.getBoundingClientRect().width <= 1) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
    }
    return tops.size;
  });
}

/** Every tab of the page shows its label on one line. */
export async function expectTabsOnOneLine(page: Page): Promise<void> {
  const problems: string[] = [];
  for (const tab of await page.getByRole('tab').all()) {
    const lines = await shownLines(tab);
    if (lines !== 1) problems.push(`'${await tab.innerText()}' takes ${lines} lines`);
  }
  expectNone(problems, 'Tab labels that wrap');
}

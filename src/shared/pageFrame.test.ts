import { describe, expect, it } from 'vitest';
import { framePage, frameOf, PAGE_STATE_ID } from './pageFrame.js';

const TEMPLATE =
  '<!doctype html><html><head><title>ChopChop</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';

describe('page frames', () => {
  it('wraps a page in the template, with the head links the page needs', () => {
    const frame = frameOf(TEMPLATE, '<link rel="modulepreload" href="/assets/page.js">');
    expect(framePage(frame, '<h1>Restaurants</h1>')).toBe(
      '<!doctype html><html><head><title>ChopChop</title><script type="module" src="/assets/index.js"></script><link rel="modulepreload" href="/assets/page.js"></head><body><div id="root"><h1>Restaurants</h1></div></body></html>',
    );
  });

  it("moves the page's image preloads to the head, before the first script", () => {
    const preload = '<link rel="preload" as="image" href="/carousel/1.webp" fetchPriority="high"/>';
    const document = framePage(frameOf(TEMPLATE, ''), `${preload}<h1>Restaurants</h1>`);
    expect(document).toContain(`<title>ChopChop</title>${preload}<script`);
    expect(document).toContain('<div id="root"><h1>Restaurants</h1></div>');
  });

  it('puts the state after #root as JSON that no text inside it can close', () => {
    const state = { name: '</script><script>alert(1)</script>' };
    const document = framePage(frameOf(TEMPLATE, ''), '<p>page</p>', state);
    const [, block] = document.split(`<script type="application/json" id="${PAGE_STATE_ID}">`);
    const json = block!.slice(0, block!.indexOf('</script>'));
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(state);
    expect(document).toContain('<p>page</p></div><script type="application/json"');
  });

  it('refuses a template without exactly one empty #root', () => {
    expect(() => frameOf('<html><body></body></html>', '')).toThrow(/#root|root/);
    expect(() => frameOf(`${TEMPLATE}<div id="root"></div>`, '')).toThrow();
  });
});

/**
 * A prerendered page's document around what its #root holds. The client build writes one for
 * every page; the server wraps a page it renders with live data (LIVE_PAGES) in the same frame.
 */
export interface PageFrame {
  /** Everything up to and including the opening tag of #root. */
  head: string;
  /** Everything after the closing tag of #root. */
  tail: string;
}

const ROOT_ELEMENT = '<div id="root"></div>';

/** The id of the JSON data block holding the state of the queries a live page was rendered with. */
export const PAGE_STATE_ID = 'page-state';

/** The image preloads React writes inside the page, where the browser finds them only after the head's scripts. */
const IMAGE_PRELOADS = /<link rel="preload" as="image"[^>]*\/>/g;

/** The frame of the built index.html with `headLinks` added at the end of its head. */
export function frameOf(template: string, headLinks: string): PageFrame {
  const [before, after, extra] = template.replace('</head>', `${headLinks}</head>`).split(ROOT_ELEMENT);
  if (after === undefined || extra !== undefined) throw new Error(`index.html must hold ${ROOT_ELEMENT} once`);
  return { head: `${before}<div id="root">`, tail: after };
}

/** JSON that cannot end the script element holding it, whatever text a restaurant's name holds. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The page's document: `html` inside #root, its image preloads first in the head so that the
 * picture the visitor sees first downloads before the scripts, and `state` (if any) in a JSON
 * data block after #root for the browser to hydrate its queries with.
 */
export function framePage({ head, tail }: PageFrame, html: string, state?: unknown): string {
  const images = (html.match(IMAGE_PRELOADS) ?? []).join('');
  const firstScript = head.indexOf('<script');
  const top = firstScript < 0 ? head : head.slice(0, firstScript) + images + head.slice(firstScript);
  const data =
    state === undefined ? '' : `<script type="application/json" id="${PAGE_STATE_ID}">${scriptSafeJson(state)}</script>`;
  return `${top}${html.replace(IMAGE_PRELOADS, '')}</div>${data}${tail}`;
}

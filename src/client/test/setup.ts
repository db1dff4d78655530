import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

// The suite runs beside the server tests on two cores: a refetch can take longer than Testing
// Library's default second to show (a CI run saw the Jobs page's list still at two after one).
configure({ asyncUtilTimeout: 5_000 });

/**
 * Vitest runs test files in worker threads of one process, and Node's BroadcastChannel carries a
 * message to every thread: a sign-in in one file's test reached the session store of a page
 * another file was testing signed out (a CI run's push test saw a session it never made). Each
 * test file's channels get names of their own; tabs within one file still hear each other.
 */
const NATIVE_BROADCAST_CHANNEL = Symbol.for('chopchop.test.nativeBroadcastChannel');
const kept = globalThis as unknown as Record<symbol, typeof BroadcastChannel | undefined>;
// Files share their worker's globals (isolate: false), so this runs once per file on the same
// globalThis: wrap Node's own class each time, never the previous file's wrapper.
const NodeBroadcastChannel = (kept[NATIVE_BROADCAST_CHANNEL] ??= globalThis.BroadcastChannel);
const fileScope = crypto.randomUUID();
globalThis.BroadcastChannel = class extends NodeBroadcastChannel {
  constructor(name: string) {
    super(`${name} ${fileScope}`);
  }
};

/**
 * Component tests (*.test.tsx) run in jsdom, which lacks a few browser APIs the app's components
 * reach for: media queries (sonner, reduced motion), ResizeObserver and pointer capture (Radix),
 * scrolling an element into view (react-hook-form's focus, Radix Select). They do nothing here.
 */
function provide(target: object, name: string, value: unknown) {
  // Vitest's jsdom window can hold a name as an accessor that answers undefined (matchMedia does).
  if ((target as Record<string, unknown>)[name] === undefined) {
    Object.defineProperty(target, name, { value, configurable: true, writable: true });
  }
}

provide(window, 'matchMedia', (query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  addListener: () => undefined,
  removeListener: () => undefined,
  dispatchEvent: () => false,
}));
provide(
  globalThis,
  'ResizeObserver',
  class {
    observe() {}
    unobserve() {}
    disconnect() {}
  },
);
for (const name of ['scrollIntoView', 'hasPointerCapture', 'setPointerCapture', 'releasePointerCapture']) {
  provide(Element.prototype, name, () => undefined);
}

// Vitest runs without globals, so Testing Library cannot unmount by itself after each test.
afterEach(() => {
  cleanup();
  toast.dismiss();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  // Node's own globals (URL, Blob) outlive the file's window: a spy left on one would answer the next file's page.
  vi.restoreAllMocks();
});

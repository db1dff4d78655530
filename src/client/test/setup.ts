import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

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
  vi.unstubAllGlobals();
});

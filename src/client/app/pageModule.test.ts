import { describe, expect, it } from 'vitest';
import { mayReloadAgain, RELOAD_GUARD_MS } from './pageModule.js';

describe('mayReloadAgain', () => {
  it('reloads a tab that has not reloaded for a new version yet', () => {
    expect(mayReloadAgain(null, 1_000)).toBe(true);
  });

  it('does not reload again right after a reload, so a broken deployment cannot loop', () => {
    expect(mayReloadAgain(1_000, 1_000 + RELOAD_GUARD_MS)).toBe(false);
  });

  it('reloads again for a later deployment', () => {
    expect(mayReloadAgain(1_000, 2_000 + RELOAD_GUARD_MS)).toBe(true);
  });
});

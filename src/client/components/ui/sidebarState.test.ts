import { describe, expect, it } from 'vitest';
import { isSidebarShortcut, readSidebarOpen, sidebarCookie } from './sidebarState.js';

describe('the sidebar state cookie', () => {
  it('is open unless the cookie says it was collapsed', () => {
    expect(readSidebarOpen('')).toBe(true);
    expect(readSidebarOpen('theme=dark; sidebar_state=true')).toBe(true);
    expect(readSidebarOpen('theme=dark; sidebar_state=false; other=1')).toBe(false);
    expect(readSidebarOpen('my_sidebar_state=false')).toBe(true);
  });

  it('is kept for 7 days for the whole site', () => {
    expect(sidebarCookie(false)).toBe('sidebar_state=false; path=/; max-age=604800; SameSite=Lax');
  });
});

describe('the sidebar shortcut', () => {
  const key = (key: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) => ({
    key,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    ...mods,
  });

  it('is Ctrl+B or Cmd+B only', () => {
    expect(isSidebarShortcut(key('b', { ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(key('b', { metaKey: true }))).toBe(true);
    expect(isSidebarShortcut(key('B', { ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(key('b'))).toBe(false);
    expect(isSidebarShortcut(key('b', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSidebarShortcut(key('n', { ctrlKey: true }))).toBe(false);
  });
});

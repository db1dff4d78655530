/**
 * The sidebar's remembered state and shortcut: expanded or collapsed to icons, kept in a cookie for
 * 7 days so a reload opens it as it was left; Ctrl+B or Cmd+B toggles it.
 */

const SIDEBAR_COOKIE_NAME = 'sidebar_state';
const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
/** Below this width the sidebar is a sheet over the page (the mobile breakpoint, 768px). */
export const SIDEBAR_MOBILE_BREAKPOINT = 768;

/** Whether the cookie string (document.cookie) says the sidebar was left open; open when it says nothing. */
export function readSidebarOpen(cookies: string): boolean {
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SIDEBAR_COOKIE_NAME) return value !== 'false';
  }
  return true;
}

/** The cookie that remembers the state for 7 days, for document.cookie. */
export const sidebarCookie = (open: boolean) =>
  `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;

/** Ctrl+B, or Cmd+B on a Mac, without Shift or Alt (Ctrl+Shift+B is the browser's bookmarks bar). */
export const isSidebarShortcut = (event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>) =>
  event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT && (event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey;

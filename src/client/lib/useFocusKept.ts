import { useEffect, useRef } from 'react';

/**
 * Keeps the keyboard's place in a group of buttons that an action disables while it is under way
 * and then replaces (an order's next move, Go Online and Go Offline): Chromium moves the focus off
 * a button as it is disabled, to the page itself. Call `noteFocus()` as the action starts; once
 * `busy` ends, if the focus was in the group and is on the page itself now, it goes to the group's
 * first button that can take it.
 */
export function useFocusKept<T extends HTMLElement>(busy: boolean) {
  const group = useRef<T>(null);
  const hadFocus = useRef(false);
  useEffect(() => {
    if (busy || !hadFocus.current) return;
    hadFocus.current = false;
    if (document.activeElement && document.activeElement !== document.body) return;
    group.current?.querySelector<HTMLElement>('button:not([disabled])')?.focus();
  }, [busy]);
  const noteFocus = () => {
    hadFocus.current = group.current?.contains(document.activeElement) ?? false;
  };
  return { group, noteFocus };
}

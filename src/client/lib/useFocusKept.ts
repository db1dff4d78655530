import { useEffect, useRef } from 'react';

const canTakeFocus = (element: Element): element is HTMLButtonElement =>
  element instanceof HTMLButtonElement && !element.disabled;

/**
 * `button` when it can take the focus, else the closest button beside it that can, the one after
 * it first: a dish's Move down once it is first, not its Delete before it.
 */
function nearestEnabled(button: HTMLElement): HTMLButtonElement | undefined {
  const siblings = [...(button.parentElement?.children ?? [])];
  const at = siblings.indexOf(button);
  const distance = (index: number) => Math.abs(index - at) + (index < at ? 0.5 : 0);
  return siblings
    .map((sibling, index) => ({ sibling, distance: distance(index) }))
    .sort((a, b) => a.distance - b.distance)
    .map(({ sibling }) => sibling)
    .find(canTakeFocus);
}

/**
 * Whether the keyboard's place in `group` is lost: the focus is on the page itself, or still on a
 * button of the group that is disabled now, which Chromium takes it off at its next rendering (an
 * answer that came before that rendering finds it there).
 */
function focusLost(group: HTMLElement | null): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return true;
  return active instanceof HTMLButtonElement && active.disabled && group?.contains(active) === true;
}

/**
 * Keeps the keyboard's place in a group of buttons that an action disables while it is under way
 * (an order's next move, Go Online and Go Offline, a menu item's move up or down): Chromium moves
 * the focus off a button as it is disabled, to the page itself. Call `noteFocus()` as the action
 * starts; once `busy` ends, if the focus was in the group and is lost now (focusLost), it goes
 * back to the same button when it is still there and can take it, else to the nearest button
 * beside it that can (Move up once an item is last), else to the group's first.
 */
export function useFocusKept<T extends HTMLElement>(busy: boolean) {
  const group = useRef<T>(null);
  const focused = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const button = focused.current;
    if (busy || !button) return;
    focused.current = null;
    if (!focusLost(group.current)) return;
    const kept = button.isConnected && group.current?.contains(button);
    const next = kept ? nearestEnabled(button) : group.current?.querySelector<HTMLElement>('button:not([disabled])');
    next?.focus();
  }, [busy]);
  const noteFocus = () => {
    const active = document.activeElement;
    focused.current = active instanceof HTMLElement && group.current?.contains(active) ? active : null;
  };
  return { group, noteFocus };
}

import { useRef } from 'react';

type AutoFocusHandler = (event: Event) => void;

/**
 * A dialog's auto-focus handlers that give the focus back, on closing, to what had it when the
 * dialog opened. Radix gives it to the dialog's Trigger, but a dialog opened from state (a dish's
 * choices, the delivery code, a confirmation) has none, and the focus fell to the page itself, so
 * a keyboard or screen-reader user started over from the top. `onOpen` and `onClose` are the
 * caller's own handlers, run first.
 */
export function useReturnFocus(onOpen?: AutoFocusHandler, onClose?: AutoFocusHandler) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      // Still the opener's: the dialog takes the focus after this.
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      onOpen?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onClose?.(event);
      if (event.defaultPrevented || !opener.current?.isConnected) return;
      event.preventDefault();
      opener.current.focus();
    },
  };
}

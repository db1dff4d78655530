import { Toaster as Sonner, type ToasterProps } from 'sonner';

/**
 * Toasts rise from the bottom, clear of a bar pinned there (--bottom-bar-space, styles.css): at
 * the top they covered the page's title on a phone. Full width on a phone, bottom right on wider
 * screens.
 */
const ABOVE_BOTTOM_BAR = { bottom: 'calc(var(--bottom-bar-space, 0px) + 16px)' } as const;

/**
 * At most two toasts at once, the newest in front and one behind it; older ones wait their turn
 * rather than piling up over the page.
 */
const VISIBLE_TOASTS = 2;

/** The app's single toast outlet; mount once near the root. */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="bottom-right"
      offset={ABOVE_BOTTOM_BAR}
      mobileOffset={ABOVE_BOTTOM_BAR}
      visibleToasts={VISIBLE_TOASTS}
      richColors
      closeButton
      className="toaster group"
      {...props}
    />
  );
}

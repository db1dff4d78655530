import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { useMediaQuery } from '@/lib/useMediaQuery.js';

/**
 * On a phone toasts rise from the bottom, full width, clear of a bar pinned there
 * (--bottom-bar-space, styles.css): at the top they covered the page's title. On wider screens
 * they sit top right, under the header: at the bottom right they covered the actions that end a
 * page's right column, such as checkout's Place Order.
 */
const ABOVE_BOTTOM_BAR = { bottom: 'calc(var(--bottom-bar-space, 0px) + 16px)' } as const;
const BELOW_HEADER = { top: 'calc(3.5rem + 12px)', right: '16px' } as const;
/** Sonner's own phone layout (full-width toasts) starts under this width. */
const PHONE_QUERY = '(max-width: 599px)';

/**
 * At most two toasts at once, the newest in front and one behind it; older ones wait their turn
 * rather than piling up over the page.
 */
const VISIBLE_TOASTS = 2;

/** The app's single toast outlet; mount once near the root. */
export function Toaster(props: ToasterProps) {
  const phone = useMediaQuery(PHONE_QUERY);
  return (
    <Sonner
      position={phone ? 'bottom-center' : 'top-right'}
      offset={phone ? ABOVE_BOTTOM_BAR : BELOW_HEADER}
      mobileOffset={ABOVE_BOTTOM_BAR}
      visibleToasts={VISIBLE_TOASTS}
      richColors
      closeButton
      className="toaster group"
      {...props}
    />
  );
}

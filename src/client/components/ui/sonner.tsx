import { Toaster as Sonner, type ToasterProps } from 'sonner';

/** The sticky header is 3.5rem high: toasts start below it, so they never cover its buttons. */
const BELOW_HEADER = { top: 'calc(3.5rem + 12px)' } as const;

/** The app's single toast outlet; mount once near the root. */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="top-center"
      offset={BELOW_HEADER}
      mobileOffset={BELOW_HEADER}
      richColors
      closeButton
      className="toaster group"
      {...props}
    />
  );
}

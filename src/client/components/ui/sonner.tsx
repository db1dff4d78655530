import { Toaster as Sonner, type ToasterProps } from 'sonner';

/** The app's single toast outlet; mount once near the root. */
export function Toaster(props: ToasterProps) {
  return <Sonner position="top-center" richColors closeButton className="toaster group" {...props} />;
}

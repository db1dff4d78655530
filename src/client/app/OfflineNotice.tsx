import { WifiOff } from 'lucide-react';
import { useOnline } from '@/lib/useOnline.js';

export const OFFLINE_TITLE = 'You are offline';

/**
 * The band above every screen while the server cannot be reached. The live region stays in
 * the page so screen readers hear the notice come and go.
 */
export function OfflineNotice() {
  const online = useOnline();
  return (
    <div role="status">
      {!online && (
        <div className="flex items-start gap-2 bg-foreground px-4 py-2 text-sm text-background sm:items-center sm:justify-center">
          <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0 sm:mt-0" />
          <p>
            <strong className="font-semibold">{OFFLINE_TITLE}.</strong> Showing what was saved until the connection is back.
          </p>
        </div>
      )}
    </div>
  );
}

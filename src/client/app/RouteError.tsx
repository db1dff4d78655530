import { WifiOff } from 'lucide-react';
import { Link, useRouteError } from 'react-router';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button.js';
import { useOnline } from '@/lib/useOnline.js';
import { OFFLINE_TITLE } from './OfflineNotice.js';
import { PageOfflineError } from './pageModule.js';

const reload = () => window.location.reload();

/** A page whose code this device has not saved yet, opened offline: it opens by itself once the connection is back. */
function PageOffline() {
  const online = useOnline();
  useEffect(() => {
    if (online) reload();
  }, [online]);

  return (
    <main className="grid min-h-dvh place-items-center px-4">
      <div role="status" className="grid max-w-sm justify-items-center gap-2 text-center">
        <WifiOff aria-hidden className="size-8 text-muted-foreground" />
        <h1 className="text-xl font-semibold">{OFFLINE_TITLE}</h1>
        <p className="text-sm text-muted-foreground">
          This page is not saved on this device yet. It opens as soon as the connection is back.
        </p>
        <Button variant="outline" className="mt-4" onClick={reload}>
          Try again
        </Button>
      </div>
    </main>
  );
}

/**
 * Shown when a page fails to render or its code fails to load, most often because the app was
 * updated while this tab was open or the connection dropped: reloading fixes both.
 */
export function RouteError() {
  const error = useRouteError();

  useEffect(() => {
    if (!(error instanceof PageOfflineError)) console.error(error);
  }, [error]);

  if (error instanceof PageOfflineError) return <PageOffline />;

  return (
    <main className="grid min-h-dvh place-items-center px-4">
      <div className="max-w-sm text-center">
        <h1 className="text-xl font-semibold">Something went wrong</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          This page could not be shown. Check your connection and reload; if it keeps happening, go back home.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          <Button onClick={reload}>Reload page</Button>
          <Button asChild variant="outline">
            <Link to="/" reloadDocument>
              Return to Home
            </Link>
          </Button>
        </div>
      </div>
    </main>
  );
}

import { Link, useRouteError } from 'react-router';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button.js';

/**
 * Shown when a page fails to render or its code fails to load, most often because the app was
 * updated while this tab was open or the connection dropped: reloading fixes both.
 */
export function RouteError() {
  const error = useRouteError();

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <main className="grid min-h-dvh place-items-center px-4">
      <div className="max-w-sm text-center">
        <h1 className="text-xl font-semibold">Something went wrong</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          This page could not be shown. Check your connection and reload; if it keeps happening, go back home.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          <Button onClick={() => window.location.reload()}>Reload page</Button>
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

import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button.js';

export default function NotFoundPage() {
  const location = useLocation();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <main className="grid min-h-dvh place-items-center bg-muted px-4">
      <div className="text-center">
        <p className="text-6xl font-bold text-primary">404</p>
        <h1 className="mt-4 text-xl font-semibold sm:text-2xl">Oops! Page not found</h1>
        <Button asChild variant="link" className="mt-4 text-base">
          <Link to="/">Return to Home</Link>
        </Button>
      </div>
    </main>
  );
}

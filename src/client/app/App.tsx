import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from '@/components/ui/sonner.js';
import { AuthProvider } from '@/features/auth/AuthProvider.js';
import { queryClient } from '@/lib/queryClient.js';
import { RealtimeProvider } from '@/lib/RealtimeProvider.js';

interface AppProps {
  /** The browser's router, or a memory one when a page is rendered ahead. */
  router: DataRouter;
  /** The app's one cache, or a page's own when it is rendered ahead. */
  queryClient?: QueryClient;
}

/** The whole app around a router. */
export function App({ router, queryClient: client = queryClient }: AppProps) {
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <RealtimeProvider>
          <RouterProvider router={router} />
        </RealtimeProvider>
      </AuthProvider>
      <Toaster />
    </QueryClientProvider>
  );
}

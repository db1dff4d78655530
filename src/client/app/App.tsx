import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from '@/components/ui/sonner.js';
import { AuthProvider } from '@/features/auth/AuthProvider.js';
import { queryClient } from '@/lib/queryClient.js';
import { keepUpToDate } from '@/pwa/serviceWorker.js';
import { RealtimeProvider } from './RealtimeProvider.js';
import { routes } from './router.js';

const router = createBrowserRouter(routes);
keepUpToDate(router);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RealtimeProvider>
          <RouterProvider router={router} />
        </RealtimeProvider>
      </AuthProvider>
      <Toaster />
    </QueryClientProvider>
  );
}

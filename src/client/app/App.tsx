import { QueryClientProvider } from '@tanstack/react-query';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from '@/components/ui/sonner.js';
import { AuthProvider } from '@/features/auth/AuthProvider.js';
import { queryClient } from '@/lib/queryClient.js';
import { RealtimeProvider } from './RealtimeProvider.js';

/** The whole app around a router: the browser's one, or a memory one when pages are prerendered at build time. */
export function App({ router }: { router: DataRouter }) {
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

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type InitialEntry } from 'react-router';
import type { Role } from '@shared/auth/roles.js';
import type { Session } from '@shared/auth/schemas.js';
import { Toaster } from '@/components/ui/sonner.js';
import { AuthProvider } from '@/features/auth/AuthProvider.js';
import { sessionStore } from '@/lib/sessionStore.js';
import { RealtimeProvider } from '@/lib/RealtimeProvider.js';
import { fakeSocket, type FakeSocket } from './realtime.js';

/** A signed-in session as POST /api/auth/signin answers it, valid for the next hour. */
export function sessionFor(role: Role, phone = ''): Session {
  return {
    accessToken: `test-token-${role}`,
    expiresAt: Date.now() + 60 * 60_000,
    user: {
      id: '7d1b6a52-4c3e-4f0a-9b1d-2e3f4a5b6c7d',
      email: `${role}@example.com`,
      role,
      profile: { fullName: 'Ama Mensah', phone, avatarUrl: null },
      createdAt: '2026-01-05T09:00:00.000Z',
    },
  };
}

/** Any page the component leads to: its path as the heading, so a test sees where the user went. */
function ElsewherePage() {
  const { pathname } = useLocation();
  return <h1>Page {pathname}</h1>;
}

interface RenderPageOptions {
  /** The route the component answers (default '/'); other paths show ElsewherePage. */
  path?: string;
  /** Where the page opens (default `path`). */
  at?: InitialEntry;
  /** The signed-in session, or none (signed out). */
  session?: Session | null;
  /** The realtime connection, which the test may drive; by default one that never raises an event. */
  realtime?: FakeSocket;
}

/**
 * Renders a page or component as the app does (src/client/app/App.tsx): a fresh QueryClient that
 * does not retry, the session (AuthProvider over the real session store), a memory router and the
 * toaster, and a realtime connection the test drives (`realtime`).
 */
export function renderPage(
  ui: ReactElement,
  { path = '/', at = path, session = null, realtime = fakeSocket() }: RenderPageOptions = {},
) {
  sessionStore.set(session);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <ElsewherePage /> },
    ],
    { initialEntries: [at] },
  );
  const user = userEvent.setup({ delay: null });
  // RouterProvider from 'react-router' itself: the app's 'react-router/dom' one, loaded under
  // Vitest, left the page's hooks without a router (useLocation's invariant).
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RealtimeProvider open={() => realtime.connection}>
          <RouterProvider router={router} />
        </RealtimeProvider>
      </AuthProvider>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, user, router, queryClient };
}

/** What is said under a form control: the text of what its aria-describedby names (hint and error). */
export function descriptionOf(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  return ids
    .map((id) => document.getElementById(id)?.textContent.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

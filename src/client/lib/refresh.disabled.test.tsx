import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/auth/schemas.js';
import MenuManagementPage from '@/features/menu/MenuManagementPage.js';
import { fakeServer, refuse } from '@/test/fakeServer.js';
import { renderPage, sessionFor } from '@/test/render.js';
import { sessionStore } from './sessionStore.js';

describe('a tab whose account an admin disables', () => {
  it('signs out at its next request and says why', async () => {
    const server = fakeServer({
      'GET /api/restaurants/mine': () => refuse(401, { code: 'unauthorized', message: MESSAGES.sessionExpired }),
      'POST /api/auth/refresh': () => refuse(403, { code: 'forbidden', message: MESSAGES.accountDisabled }),
    });
    renderPage(<MenuManagementPage />, { path: '/restaurant/menu', session: sessionFor('restaurant') });

    expect(await screen.findByText(MESSAGES.accountDisabled)).toBeTruthy();
    expect(sessionStore.get()).toBeNull();
    await waitFor(() => expect(server.sent('POST', '/api/auth/refresh')).toHaveLength(1));
  });

  it('signs out quietly when the session only expired', async () => {
    fakeServer({
      'GET /api/restaurants/mine': () => refuse(401, { code: 'unauthorized', message: MESSAGES.sessionExpired }),
      'POST /api/auth/refresh': () => refuse(401, { code: 'unauthorized', message: MESSAGES.sessionExpired }),
    });
    renderPage(<MenuManagementPage />, { path: '/restaurant/menu', session: sessionFor('restaurant') });

    await waitFor(() => expect(sessionStore.get()).toBeNull());
    expect(screen.queryByText('Error')).toBeNull();
  });
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { okSchema } from '@shared/auth/schemas.js';
import { INVITATION_MESSAGES, invitationViewSchema } from '@shared/restaurants/invitations.js';
import { fakeServer, reply } from '@/test/fakeServer.js';
import { renderPage, sessionFor } from '@/test/render.js';
import InvitationPage from './InvitationPage.js';

const INVITATION = { restaurantName: 'Labadi Chop Bar', email: 'kwame@example.com', hasAccount: true };

function openInvitation(session: ReturnType<typeof sessionFor>) {
  const server = fakeServer({
    'POST /api/invitations/lookup': () => reply(invitationViewSchema, INVITATION),
    'POST /api/auth/signout': () => reply(okSchema, { ok: true }),
  });
  const view = renderPage(<InvitationPage />, { path: '/invitation', at: '/invitation?token=emailed-token', session });
  return { server, ...view };
}

describe('the invitation page', () => {
  it('offers another account than the invited one a way to sign out, then to sign in with the invited email', async () => {
    const { server, user } = openInvitation(sessionFor('manager'));

    expect(await screen.findByText(INVITATION_MESSAGES.otherEmail)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Accept/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByRole('link', { name: 'Sign In to Accept' })).toBeTruthy();
    expect(screen.getByText('kwame@example.com')).toBeTruthy();
    await waitFor(() => expect(server.sent('POST', '/api/auth/signout')).toHaveLength(1));
  });

  it('lets the invited account accept', async () => {
    const invited = sessionFor('manager');
    openInvitation({ ...invited, user: { ...invited.user, email: INVITATION.email } });

    expect(await screen.findByRole('button', { name: 'Accept and manage Labadi Chop Bar' })).toBeTruthy();
    expect(screen.queryByText(INVITATION_MESSAGES.otherEmail)).toBeNull();
  });
});

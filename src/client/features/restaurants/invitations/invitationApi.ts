import { queryOptions } from '@tanstack/react-query';
import { acceptedInvitationSchema, invitationViewSchema } from '@shared/restaurants/invitations.js';
import { api } from '@/lib/api.js';

/** The invitation of an emailed token: the token goes in the body, never a path the server logs. */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) =>
      api('/api/invitations/lookup', { method: 'POST', body: { token }, schema: invitationViewSchema, auth: false, signal }),
    retry: false,
  });

export const acceptInvitation = (token: string) =>
  api('/api/invitations/accept', { method: 'POST', body: { token }, schema: acceptedInvitationSchema });

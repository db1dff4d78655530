import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { INVITATION_MESSAGES, type PendingInvitation } from '@shared/restaurants/invitations.js';
import { Button } from '@/components/ui/button.js';
import { LoadFailed } from '@/components/ui/empty-state.js';
import { errorMessage } from '@/lib/apiError.js';
import { formatDate } from '@/lib/format.js';
import { notifyError, notifySuccess } from '@/lib/toast.js';
import { invitationsQuery, withdrawInvitation } from './restaurantSettingsApi.js';

/** Restaurant Settings' pending invitations: sent, not accepted yet, each withdrawn with one tap. */
export function InvitationsList({ restaurantId }: { restaurantId: string }) {
  const queryClient = useQueryClient();
  const invitations = useQuery(invitationsQuery(restaurantId));
  const withdrawal = useMutation({
    mutationFn: (invitation: PendingInvitation) => withdrawInvitation(restaurantId, invitation.id),
    onSuccess: async (_, invitation) => {
      notifySuccess(INVITATION_MESSAGES.withdrawn, invitation.email);
      await queryClient.invalidateQueries({ queryKey: invitationsQuery(restaurantId).queryKey });
    },
    onError: (error) => notifyError(errorMessage(error, 'Could not withdraw the invitation. Please try again.')),
  });

  if (invitations.isError)
    return (
      <LoadFailed
        title={INVITATION_MESSAGES.loadFailed}
        retrying={invitations.isFetching}
        onRetry={() => void invitations.refetch()}
      />
    );
  if (!invitations.data?.length) return null;
  return (
    <div className="grid gap-2">
      <h3 id="invitations-heading" className="text-sm font-medium">
        Pending invitations
      </h3>
      <ul aria-labelledby="invitations-heading" className="min-w-0 divide-y rounded-lg border">
        {invitations.data.map((invitation) => (
          <li key={invitation.id} className="flex items-center gap-3 p-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium break-all">{invitation.email}</p>
              <p className="text-sm text-muted-foreground">Expires {formatDate(invitation.expiresAt)}</p>
            </div>
            <Button
              variant="outline"
              className="h-11"
              aria-label={`Withdraw the invitation of ${invitation.email}`}
              busy={withdrawal.isPending && withdrawal.variables.id === invitation.id}
              onClick={() => withdrawal.mutate(invitation)}
            >
              <X aria-hidden />
              Withdraw
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

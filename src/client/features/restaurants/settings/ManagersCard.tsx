import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2, UserPlus, Users } from 'lucide-react';
import { useState, type BaseSyntheticEvent } from 'react';
import { useForm } from 'react-hook-form';
import {
  INVITATION_MESSAGES,
  INVITATION_TTL_DAYS,
  invitationEmailSchema,
  type InvitationEmail,
} from '@shared/restaurants/invitations.js';
import { MANAGER_MESSAGES, type Manager } from '@shared/restaurants/managers.js';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.js';
import { Button } from '@/components/ui/button.js';
import { EmptyState, LoadFailed } from '@/components/ui/empty-state.js';
import { FormField } from '@/components/ui/form-field.js';
import { Input } from '@/components/ui/input.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { errorMessage } from '@/lib/apiError.js';
import { reportSubmitFailure } from '@/lib/formErrors.js';
import { notifyError, notifySuccess } from '@/lib/toast.js';
import { InvitationsList } from './InvitationsList.js';
import { invitationsQuery, inviteManager, managersQuery, removeManager } from './restaurantSettingsApi.js';

function InviteManagerForm({ restaurantId, onInvited }: { restaurantId: string; onInvited: () => Promise<void> }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InvitationEmail>({ resolver: zodResolver(invitationEmailSchema), defaultValues: { email: '' } });

  async function send({ email }: InvitationEmail, event?: BaseSyntheticEvent) {
    const form = event?.target instanceof HTMLFormElement ? event.target : undefined;
    try {
      const invitation = await inviteManager(restaurantId, email);
      notifySuccess(INVITATION_MESSAGES.sent(invitation.email));
      reset();
      await onInvited();
      // On a phone the toast rises over the end of the page, where this form is: once the list
      // above has grown by the new invitation, bring the form back above the toast
      // (scroll-padding-bottom, styles.css) for the next one.
      setTimeout(() => form?.scrollIntoView({ block: 'nearest' }), 50);
    } catch (error) {
      reportSubmitFailure(error, setError, ['email'], errorMessage(error, 'Could not send the invitation. Please try again.'));
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(send)} className="grid gap-3">
      <FormField id="manager-email" label="Manager's email" error={errors.email?.message}>
        <Input
          type="email"
          inputMode="email"
          autoComplete="off"
          placeholder="manager@example.com"
          className="h-11"
          {...register('email')}
        />
      </FormField>
      <Button type="submit" size="lg" busy={isSubmitting} className="w-full sm:w-fit">
        {!isSubmitting && <UserPlus aria-hidden />}
        {isSubmitting ? 'Sending...' : 'Invite Manager'}
      </Button>
    </form>
  );
}

function RemoveManagerDialog({
  manager,
  onConfirm,
  onClose,
}: {
  manager: Manager | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={manager !== null}
      onClose={onClose}
      title="Remove this manager?"
      description={`${manager?.fullName} (${manager?.email}) will no longer see this restaurant's sales.`}
      cancelLabel="Keep"
      confirmLabel="Remove"
      onConfirm={onConfirm}
    />
  );
}

/** Restaurant Settings' managers: who sees the sales, added by email and removed at once. */
export function ManagersCard({ restaurantId }: { restaurantId: string }) {
  const queryClient = useQueryClient();
  const managers = useQuery(managersQuery(restaurantId));
  const [leaving, setLeaving] = useState<Manager | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: managersQuery(restaurantId).queryKey });
  const removal = useMutation({
    mutationFn: (manager: Manager) => removeManager(restaurantId, manager.userId),
    onSuccess: async (_, manager) => {
      notifySuccess(MANAGER_MESSAGES.removed, manager.email);
      await refresh();
    },
    onError: (error) => notifyError(errorMessage(error, 'Could not remove the manager. Please try again.')),
  });

  let list;
  if (managers.isPending)
    list = (
      <div role="status" aria-label="Loading managers" className="grid gap-2">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    );
  else if (managers.isError)
    list = (
      <LoadFailed title={MANAGER_MESSAGES.loadFailed} retrying={managers.isFetching} onRetry={() => void managers.refetch()} />
    );
  else if (managers.data.length === 0)
    list = (
      <EmptyState icon={Users} title="No managers yet" className="py-8">
        Managers see this restaurant&apos;s sales and transactions, nothing else.
      </EmptyState>
    );
  else
    list = (
      <ul aria-label="Managers" className="min-w-0 divide-y rounded-lg border">
        {managers.data.map((manager) => (
          <li key={manager.userId} className="flex items-center gap-3 p-3">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{manager.fullName}</p>
              <p className="text-sm break-all text-muted-foreground">{manager.email}</p>
            </div>
            <Button
              variant="outline"
              size="icon"
              className="size-11"
              aria-label={`Remove ${manager.email}`}
              busy={removal.isPending && removal.variables.userId === manager.userId}
              onClick={() => setLeaving(manager)}
            >
              <Trash2 aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="managers-heading" className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
      <div className="grid gap-1">
        <h2 id="managers-heading" className="text-lg font-semibold">
          Managers
        </h2>
        <p className="text-sm text-muted-foreground">
          Invite a manager by email. They become a manager once they accept the emailed invitation, within {INVITATION_TTL_DAYS}{' '}
          days.
        </p>
      </div>
      {list}
      <InvitationsList restaurantId={restaurantId} />
      <InviteManagerForm
        restaurantId={restaurantId}
        onInvited={() => queryClient.invalidateQueries({ queryKey: invitationsQuery(restaurantId).queryKey })}
      />
      <RemoveManagerDialog
        manager={leaving}
        onClose={() => setLeaving(null)}
        onConfirm={() => {
          if (leaving) removal.mutate(leaving);
          setLeaving(null);
        }}
      />
    </section>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Mail, Phone, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { ADMIN_USER_MESSAGES, ROLE_LABELS, type AdminUserView } from '@shared/admin/users.js';
import { ROLES, type Role } from '@shared/auth/roles.js';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.js';
import { Badge } from '@/components/ui/badge.js';
import { Button } from '@/components/ui/button.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.js';
import { errorMessage } from '@/lib/apiError.js';
import { formatDate } from '@/lib/format.js';
import { notifyError, notifySuccess } from '@/lib/toast.js';
import { PersonAvatar } from './PersonAvatar.js';
import { adminUsersKey, changeUserRole, setUserDisabled } from './usersApi.js';

/** What the admin is about to do to this account, waiting for their confirmation. */
type Pending = { kind: 'role'; role: Role } | { kind: 'disable' } | null;

function ConfirmChange({
  user,
  pending,
  onConfirm,
  onClose,
}: {
  user: AdminUserView;
  pending: Pending;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const name = user.fullName || user.email;
  const role = pending?.kind === 'role' ? ROLE_LABELS[pending.role].toLowerCase() : undefined;
  return (
    <ConfirmDialog
      open={pending !== null}
      onClose={onClose}
      title={role ? `Make ${name} ${role}?` : `Disable ${name}?`}
      description={
        role
          ? `They stay signed in; from their next action on, they can do what a ${role} does and nothing else.`
          : 'They are signed out everywhere at once and cannot sign in until you enable the account again.'
      }
      cancelLabel="Cancel"
      confirmLabel={role ? 'Change role' : 'Disable account'}
      onConfirm={onConfirm}
    />
  );
}

/** One account in User Management: who they are, their role (changeable) and whether they may sign in. */
export function UserCard({ user, isSelf }: { user: AdminUserView; isSelf: boolean }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending>(null);
  const name = user.fullName || user.email;
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminUsersKey });

  const roleChange = useMutation({
    mutationFn: (role: Role) => changeUserRole(user.id, role),
    onSuccess: async (changed) => {
      notifySuccess(
        ADMIN_USER_MESSAGES.roleChanged,
        `${name} is now ${changed.role ? ROLE_LABELS[changed.role] : 'without a role'}`,
      );
      await refresh();
    },
    onError: (error) => notifyError(errorMessage(error, ADMIN_USER_MESSAGES.roleFailed)),
  });
  const access = useMutation({
    mutationFn: (disabled: boolean) => setUserDisabled(user.id, disabled),
    onSuccess: async (changed) => {
      notifySuccess(changed.disabled ? ADMIN_USER_MESSAGES.disabled : ADMIN_USER_MESSAGES.enabled, name);
      await refresh();
    },
    onError: (error) => notifyError(errorMessage(error, ADMIN_USER_MESSAGES.disableFailed)),
  });

  const selectId = `role-${user.id}`;
  return (
    <article aria-label={name} className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <PersonAvatar name={name} url={user.avatarUrl} />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="truncate font-semibold">{user.fullName || 'No name'}</h2>
            <Badge variant={user.role === 'admin' ? 'default' : 'secondary'}>
              {user.role ? ROLE_LABELS[user.role] : 'No role'}
            </Badge>
            {user.disabled && <Badge variant="destructive">Disabled</Badge>}
            {isSelf && <Badge variant="outline">You</Badge>}
          </div>
          <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
            <Mail aria-hidden className="size-4 shrink-0" />
            <span className="min-w-0 wrap-anywhere">{user.email}</span>
          </p>
          {user.phone && (
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <Phone aria-hidden className="size-4 shrink-0" />
              {user.phone}
            </p>
          )}
          <p className="text-sm text-muted-foreground">
            Joined <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 border-t pt-3">
        <label htmlFor={selectId} className="text-sm font-medium">
          Role
        </label>
        <Select
          value={user.role ?? undefined}
          disabled={roleChange.isPending}
          onValueChange={(role) => role !== user.role && setPending({ kind: 'role', role: role as Role })}
        >
          <SelectTrigger id={selectId} className="h-11 w-40" aria-label={`Role of ${name}`}>
            <SelectValue placeholder="No role" />
          </SelectTrigger>
          <SelectContent>
            {ROLES.map((role) => (
              <SelectItem key={role} value={role} className="min-h-11">
                {ROLE_LABELS[role]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {user.disabled ? (
          <Button variant="outline" className="ml-auto h-11" busy={access.isPending} onClick={() => access.mutate(false)}>
            {!access.isPending && <UserCheck aria-hidden />}
            Enable
          </Button>
        ) : (
          !isSelf && (
            <Button
              variant="outline"
              className="ml-auto h-11 text-destructive"
              busy={access.isPending}
              onClick={() => setPending({ kind: 'disable' })}
            >
              {!access.isPending && <UserX aria-hidden />}
              Disable
            </Button>
          )
        )}
      </div>
      <ConfirmChange
        user={user}
        pending={pending}
        onClose={() => setPending(null)}
        onConfirm={() => {
          if (pending?.kind === 'role') roleChange.mutate(pending.role);
          else if (pending?.kind === 'disable') access.mutate(true);
          setPending(null);
        }}
      />
    </article>
  );
}

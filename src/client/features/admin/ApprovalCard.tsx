import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { APPROVAL_MESSAGES } from '@shared/admin/approval.js';
import { COMMISSION_MESSAGES } from '@shared/admin/commission.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.js';
import { Label } from '@/components/ui/label.js';
import { Switch } from '@/components/ui/switch.js';
import { notifyError, notifySuccess } from '@/lib/toast.js';
import { approvalQuery, updateApproval } from './approvalApi.js';

/** Settings' 'New restaurants wait for approval' switch, saved as soon as it is flipped. */
export function ApprovalCard() {
  const queryClient = useQueryClient();
  const setting = useQuery(approvalQuery());
  const save = useMutation({
    mutationFn: (restaurantsNeedApproval: boolean) => updateApproval({ restaurantsNeedApproval }),
    onSuccess: (saved) => {
      queryClient.setQueryData(approvalQuery().queryKey, saved);
      notifySuccess(
        COMMISSION_MESSAGES.updatedTitle,
        saved.restaurantsNeedApproval ? APPROVAL_MESSAGES.turnedOn : APPROVAL_MESSAGES.turnedOff,
      );
    },
    onError: () => notifyError(APPROVAL_MESSAGES.updateFailed),
  });
  const id = useId();
  const shown = save.isPending ? save.variables : setting.data?.restaurantsNeedApproval;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Restaurant Approval</CardTitle>
        <CardDescription id={`${id}-explanation`}>{APPROVAL_MESSAGES.explanation}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex min-h-11 items-center gap-3">
          <Switch
            id={id}
            checked={shown ?? false}
            disabled={shown === undefined || save.isPending}
            aria-describedby={`${id}-explanation`}
            onCheckedChange={(on) => save.mutate(on)}
          />
          <Label htmlFor={id} className="min-h-11 flex-1 cursor-pointer text-base">
            {APPROVAL_MESSAGES.label}
          </Label>
        </div>
        {setting.isError && (
          <p role="alert" className="text-sm text-destructive">
            {COMMISSION_MESSAGES.loadFailed}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

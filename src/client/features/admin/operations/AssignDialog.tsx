import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import { OPERATIONS_MESSAGES, type OperationsOrder, type OperationsRider } from '@shared/admin/operations.js';
import { STATUS_LABELS } from '@shared/orders/status.js';
import { Button } from '@/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog.js';
import { FormDialogFooter } from '@/components/ui/form-dialog.js';
import { RadioCard, RadioGroup } from '@/components/ui/radio-group.js';
import { errorMessage } from '@/lib/apiError.js';
import { formatDistance } from '@/lib/format.js';
import { notifySuccess } from '@/lib/toast.js';
import { ADMIN_ORDERS_KEY, reassignOrder } from '../orders/adminOrdersApi.js';
import { PositionAge } from './Ages.js';
import { OPERATIONS_KEY } from './operationsApi.js';
import { ridersByDistance } from './operationsTimes.js';

/** The order to give, as the view knows it: where its restaurant is and who has it now. */
export type AssignableOrder = Pick<
  OperationsOrder,
  'id' | 'shortId' | 'restaurantName' | 'restaurantLatitude' | 'restaurantLongitude' | 'driverId'
>;

interface AssignDialogProps {
  order: AssignableOrder;
  riders: readonly OperationsRider[];
  offsetMs: number;
  /** 'Assign' for an order waiting for a rider, 'Reassign' for one a rider has. */
  action: 'Assign' | 'Reassign';
}

const carryingLine = (rider: OperationsRider) =>
  rider.carrying.length === 0
    ? 'carrying nothing'
    : `carrying ${rider.carrying.map((order) => `${order.shortId} (${STATUS_LABELS[order.status]})`).join(', ')}`;

/**
 * 'Assign' or 'Reassign' on the operations view: the riders online, nearest the order's restaurant
 * first, with how far, how old their position is and what they carry; the order goes to the one
 * chosen through support's reassign command, which says why a rider may not have it.
 */
export function AssignDialog({ order, riders, offsetMs, action }: AssignDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={action === 'Assign' ? 'default' : 'outline'} size="sm" aria-label={`${action} order ${order.shortId}`}>
          {action}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {action} order {order.shortId}
          </DialogTitle>
          <DialogDescription>From {order.restaurantName}. The riders online, nearest the restaurant first.</DialogDescription>
        </DialogHeader>
        {open && (
          <AssignForm
            order={order}
            riders={riders.filter((rider) => rider.id !== order.driverId)}
            offsetMs={offsetMs}
            onDone={() => setOpen(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function AssignForm({ order, riders, offsetMs, onDone }: Omit<AssignDialogProps, 'action'> & { onDone: () => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [chosen, setChosen] = useState('');
  const choices = ridersByDistance(riders, order);
  const chosenRider = riders.find((rider) => rider.id === chosen);

  const assign = useMutation({
    mutationFn: () => reassignOrder(order.id, chosen),
    onSuccess: () => {
      notifySuccess(OPERATIONS_MESSAGES.assigned, `Order ${order.shortId} is now with ${chosenRider?.fullName ?? 'the rider'}.`);
      onDone();
    },
    onError: (error) => toast.error(OPERATIONS_MESSAGES.assignFailed, { description: errorMessage(error, 'Please try again.') }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: OPERATIONS_KEY });
      void queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY });
    },
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (chosenRider && !assign.isPending) assign.mutate();
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <div className="grid max-h-80 gap-2 overflow-y-auto">
        {choices.length === 0 ? (
          <p className="text-sm text-muted-foreground">{OPERATIONS_MESSAGES.noRiders}</p>
        ) : (
          <RadioGroup value={chosen} onValueChange={setChosen} aria-label="Rider">
            {choices.map(({ rider, meters }) => (
              <RadioCard
                key={rider.id}
                id={`${id}-${rider.id}`}
                value={rider.id}
                title={rider.fullName}
                detail={
                  <>
                    {meters === null ? 'distance unknown' : `${formatDistance(meters)} away`} ·{' '}
                    <PositionAge at={rider.lastLocationUpdate} offsetMs={offsetMs} /> · {carryingLine(rider)}
                  </>
                }
              />
            ))}
          </RadioGroup>
        )}
      </div>
      <FormDialogFooter busy={assign.isPending} disabled={!chosenRider}>
        {chosenRider ? `Give to ${chosenRider.fullName}` : 'Choose a rider'}
      </FormDialogFooter>
    </form>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Bike } from 'lucide-react';
import { toast } from 'sonner';
import { OPERATIONS_MESSAGES, type CarriedOrder, type Operations, type OperationsRider } from '@shared/admin/operations.js';
import { CLOSURE_MESSAGES } from '@shared/orders/closures.js';
import { STATUS_LABELS } from '@shared/orders/status.js';
import { Badge } from '@/components/ui/badge.js';
import { Button } from '@/components/ui/button.js';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.js';
import { EmptyState } from '@/components/ui/empty-state.js';
import { errorMessage } from '@/lib/apiError.js';
import { notifySuccess } from '@/lib/toast.js';
import { ADMIN_ORDERS_KEY } from '../orders/adminOrdersApi.js';
import { PositionAge } from './Ages.js';
import { AssignDialog, type AssignableOrder } from './AssignDialog.js';
import { OPERATIONS_KEY, takeBackOrder } from './operationsApi.js';

/** 'Take back': the rider is told at once, and the order waits for a rider again. */
function TakeBackButton({ order, rider }: { order: CarriedOrder; rider: OperationsRider }) {
  const queryClient = useQueryClient();
  const takeBack = useMutation({
    mutationFn: () => takeBackOrder(order.id),
    onSuccess: () => notifySuccess(CLOSURE_MESSAGES.takenBack, `Order ${order.shortId} waits for a rider again.`),
    onError: (error) => toast.error(CLOSURE_MESSAGES.takeBackFailed, { description: errorMessage(error, 'Please try again.') }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: OPERATIONS_KEY });
      void queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY });
    },
  });
  return (
    <ConfirmDialog
      title={`Take back order ${order.shortId}?`}
      description={`${rider.fullName} is told at once and the order waits for a rider again, to be assigned by hand or accepted from the list.`}
      confirmLabel="Take back"
      cancelLabel="Keep it with the rider"
      onConfirm={() => takeBack.mutate()}
      trigger={
        <Button variant="outline" size="sm" busy={takeBack.isPending} aria-label={`Take back order ${order.shortId}`}>
          Take back
        </Button>
      }
    />
  );
}

interface RidersOnlineProps {
  view: Operations;
  offsetMs: number;
}

/** 'Riders online': each with the age of their position and what they carry, with 'Take back' and 'Reassign'. */
export function RidersOnline({ view, offsetMs }: RidersOnlineProps) {
  const { riders, onTheRoad, limit } = view;
  const onTheRoadById = new Map(onTheRoad.map((order) => [order.id, order]));
  // An order past the view's limit is still given by hand, only its distances are unknown.
  const assignable = (order: CarriedOrder, rider: OperationsRider): AssignableOrder =>
    onTheRoadById.get(order.id) ?? {
      ...order,
      restaurantName: 'its restaurant',
      restaurantLatitude: null,
      restaurantLongitude: null,
      driverId: rider.id,
    };

  return (
    <section aria-labelledby="riders-heading" className="grid content-start gap-3">
      <h2 id="riders-heading" className="text-lg font-semibold">
        Riders online ({riders.length})
      </h2>
      {riders.length === 0 ? (
        <EmptyState icon={Bike} title={OPERATIONS_MESSAGES.noRiders} className="py-8" />
      ) : (
        <ul className="grid gap-2">
          {riders.map((rider) => (
            <li key={rider.id}>
              <article aria-label={rider.fullName} className="grid gap-2 rounded-lg border p-3">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <p className="min-w-0 flex-1 truncate font-semibold">{rider.fullName}</p>
                  <Badge variant={rider.isAvailable ? 'success' : 'secondary'}>
                    {rider.isAvailable ? 'Available' : 'Unavailable'}
                  </Badge>
                </div>
                <p className="text-sm text-muted-foreground">
                  <PositionAge at={rider.lastLocationUpdate} offsetMs={offsetMs} />
                  {rider.carrying.length === 0 && ' · carrying nothing'}
                </p>
                {rider.carrying.length > 0 && (
                  <ul className="grid gap-2" aria-label={`Carried by ${rider.fullName}`}>
                    {rider.carrying.map((order) => (
                      <li key={order.id} className="flex flex-wrap items-center gap-2 rounded-md bg-muted/50 px-2 py-1.5 text-sm">
                        <span className="min-w-0 flex-1">
                          <span className="font-mono font-semibold">{order.shortId}</span> · {STATUS_LABELS[order.status]}
                        </span>
                        {order.status === 'accepted' && <TakeBackButton order={order} rider={rider} />}
                        <AssignDialog order={assignable(order, rider)} riders={riders} offsetMs={offsetMs} action="Reassign" />
                      </li>
                    ))}
                  </ul>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
      {riders.length >= limit && <p className="text-sm text-muted-foreground">{OPERATIONS_MESSAGES.cut(limit)}</p>}
    </section>
  );
}

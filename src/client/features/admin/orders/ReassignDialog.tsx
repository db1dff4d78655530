import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import { CLOSURE_MESSAGES } from '@shared/orders/closures.js';
import type { AdminOrderView } from '@shared/orders/views.js';
import { Button } from '@/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog.js';
import { FormDialogFooter } from '@/components/ui/form-dialog.js';
import { RadioCard, RadioGroup } from '@/components/ui/radio-group.js';
import { SearchBox } from '@/components/ui/search-box.js';
import { Spinner } from '@/components/ui/spinner.js';
import { errorMessage } from '@/lib/apiError.js';
import { notifySuccess } from '@/lib/toast.js';
import { useDebouncedValue } from '@/lib/useDebouncedValue.js';
import { ADMIN_ORDERS_KEY, assignableDriversQuery, reassignOrder } from './adminOrdersApi.js';

/** 'Reassign': support gives an order to another verified, enabled driver with no delivery on the road. */
export function ReassignDialog({ order }: { order: AdminOrderView }) {
  const [open, setOpen] = useState(false);
  const now = order.driverName ? `It is now with ${order.driverName}.` : 'It is waiting for a driver.';
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="lg" aria-label={`Reassign order ${order.shortId}`}>
          Reassign
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reassign order {order.shortId}</DialogTitle>
          <DialogDescription>
            {now} Choose the driver who takes it over: only verified drivers with no delivery on the road are listed.
          </DialogDescription>
        </DialogHeader>
        {open && <ReassignForm order={order} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ReassignForm({ order, onDone }: { order: AdminOrderView; onDone: () => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState('');
  const drivers = useQuery(assignableDriversQuery(useDebouncedValue(search.trim())));
  const listed = drivers.data?.items ?? [];
  const chosenDriver = listed.find((driver) => driver.userId === chosen);

  const reassign = useMutation({
    mutationFn: () => reassignOrder(order.id, chosen),
    onSuccess: () => {
      notifySuccess(
        CLOSURE_MESSAGES.reassigned,
        `Order ${order.shortId} is now with ${chosenDriver?.fullName ?? 'its new driver'}.`,
      );
      onDone();
    },
    onError: (error) => toast.error(CLOSURE_MESSAGES.reassignFailed, { description: errorMessage(error, 'Please try again.') }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'drivers'] });
    },
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (chosenDriver && !reassign.isPending) reassign.mutate();
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <SearchBox label="Search drivers by name or plate" placeholder="Search drivers..." value={search} onChange={setSearch} />
      <div className="grid max-h-72 gap-2 overflow-y-auto" aria-busy={drivers.isFetching}>
        {drivers.isPending && <Spinner label="Loading drivers" className="mx-auto size-5" />}
        {drivers.isError && <p className="text-sm text-destructive">Failed to load drivers</p>}
        {drivers.isSuccess && listed.length === 0 && (
          <p className="text-sm text-muted-foreground">No free verified drivers found</p>
        )}
        {listed.length > 0 && (
          <RadioGroup value={chosen} onValueChange={setChosen} aria-label="Driver">
            {listed.map((driver) => (
              <RadioCard
                key={driver.userId}
                id={`${id}-${driver.userId}`}
                value={driver.userId}
                title={driver.fullName}
                detail={`${driver.plateNumber} · ${driver.vehicleModel} · ${driver.isAvailable ? 'Online' : 'Offline'}`}
              />
            ))}
          </RadioGroup>
        )}
      </div>
      <FormDialogFooter busy={reassign.isPending} disabled={!chosenDriver}>
        {chosenDriver ? `Give to ${chosenDriver.fullName}` : 'Choose a driver'}
      </FormDialogFooter>
    </form>
  );
}

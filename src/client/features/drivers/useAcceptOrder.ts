import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';
import { errorMessage } from '@/lib/apiError.js';
import { notifySuccess } from '@/lib/toast.js';
import { availableOrdersKey, deliveriesKey, moveDelivery } from './driverApi.js';

/** Accepting a ready order, from the list or from an offer: the same move, first come, first served. */
export function useAcceptOrder(onAccepted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => moveDelivery(orderId, 'accepted'),
    onSuccess: () => {
      notifySuccess(DRIVER_MESSAGES.accepted, DRIVER_MESSAGES.acceptedDescription);
      onAccepted();
    },
    onError: (error) => {
      toast.error(DRIVER_MESSAGES.acceptFailed, { description: errorMessage(error, 'Please try again.') });
    },
    // Won or lost, both lists change: the order joins My Deliveries or leaves Available Orders.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: availableOrdersKey });
      void queryClient.invalidateQueries({ queryKey: deliveriesKey });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';
import { errorMessage } from '@/lib/apiError.js';
import { notifySuccess } from '@/lib/toast.js';
import { availableOrdersKey, deliveriesKey, driverStatusKey, setAvailability } from './driverApi.js';

/** Makes the driver available or not (Go Online / Go Offline and the Availability switch alike). */
export function useAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAvailability,
    onSuccess: (status) => {
      queryClient.setQueryData(driverStatusKey, status);
      notifySuccess(status.isAvailable ? DRIVER_MESSAGES.nowAvailable : DRIVER_MESSAGES.nowUnavailable);
      // Going available may have given this driver a waiting order (dispatch).
      void queryClient.invalidateQueries({ queryKey: availableOrdersKey });
      void queryClient.invalidateQueries({ queryKey: deliveriesKey });
    },
    onError: (error) => {
      toast.error(DRIVER_MESSAGES.availabilityFailed, { description: errorMessage(error, 'Please try again.') });
      void queryClient.invalidateQueries({ queryKey: driverStatusKey });
    },
  });
}

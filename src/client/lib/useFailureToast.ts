import { useEffect } from 'react';
import { notifyError } from './toast.js';

/** Shows the 'Error' toast once for each new failure of a query, as every failed load is announced; the page shows the failure too. */
export function useFailureToast(error: unknown, message: string) {
  useEffect(() => {
    if (error) notifyError(message);
  }, [error, message]);
}

import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_PAYOUTS_KEY } from '../payoutsApi.js';

/** Fetches again everything the Payouts page shows (balance, who is owed, payouts): after each action, whether it worked or not. */
export function usePayoutsRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ADMIN_PAYOUTS_KEY });
}

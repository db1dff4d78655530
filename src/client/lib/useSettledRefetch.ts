import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/** Events within this long of the first one share its refetch: a topic can carry a burst of them. */
const EVENTS_SETTLE_MS = 1_000;

/** A function that refetches the queries under queryKey a second after it is first called, once for all the calls of that second. */
export function useSettledRefetch(queryKey: QueryKey): () => void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      timer.current = undefined;
    },
    [],
  );
  return () => {
    timer.current ??= setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey });
    }, EVENTS_SETTLE_MS);
  };
}

import { useRef } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';

/**
 * The mutation's `mutate`, ignoring calls while one it started is under way. Its buttons are
 * disabled while the mutation is pending, but only once the page has drawn that: the second
 * click of a quick double tap (on a slow phone, sooner than the redraw) would otherwise send the
 * move again, and its refusal would say the move failed when it had worked.
 */
export function useOneAtATime<TVariables>(
  mutation: Pick<UseMutationResult<unknown, unknown, TVariables>, 'mutate'>,
): (variables: TVariables) => void {
  const underWay = useRef(false);
  return (variables) => {
    if (underWay.current) return;
    underWay.current = true;
    mutation.mutate(variables, {
      onSettled: () => {
        underWay.current = false;
      },
    });
  };
}

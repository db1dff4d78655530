import { useEffect, useRef } from 'react';

/**
 * A control that is relabelled by a change (e.g. 'Pause new orders' becoming 'Resume orders')
 * takes the focus back once that change has rendered: `target` goes on the control, and
 * `refocus()` asks for the focus after the next render.
 */
export function useRefocus<T extends HTMLElement>() {
  const target = useRef<T>(null);
  const pending = useRef(false);
  useEffect(() => {
    if (pending.current) target.current?.focus();
    pending.current = false;
  });
  return {
    target,
    refocus: () => {
      pending.current = true;
    },
  };
}

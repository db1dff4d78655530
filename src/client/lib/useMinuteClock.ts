import { useMemo, useSyncExternalStore } from 'react';

const MINUTE_MS = 60_000;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

// Timed from the clock each time, so a timer that fires a little early is followed by one that lands in the new minute.
function schedule() {
  timer = setTimeout(
    () => {
      listeners.forEach((listener) => listener());
      schedule();
    },
    MINUTE_MS - (Date.now() % MINUTE_MS),
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) schedule();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearTimeout(timer);
  };
}

const currentMinute = () => Math.floor(Date.now() / MINUTE_MS);

/**
 * The start of the current minute, renewed when the next one starts: one timer for every component
 * that reads it. Null in HTML rendered on the server and while the browser hydrates it: that HTML
 * is kept until the data it shows changes, so what it says must not depend on the time.
 */
export function useMinuteClock(): Date | null {
  const minute = useSyncExternalStore(subscribe, currentMinute, () => null);
  return useMemo(() => (minute === null ? null : new Date(minute * MINUTE_MS)), [minute]);
}

import { useEffect, useState } from 'react';

/** Seconds until `endsAt` (an ISO time from the server), ticking each second until it is reached, then 0. */
export function useSecondsLeft(endsAt: string): number {
  const end = Date.parse(endsAt);
  const [now, setNow] = useState(() => Date.now());
  const over = now >= end;
  useEffect(() => {
    if (over) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [over]);
  return Math.max(0, (end - now) / 1000);
}

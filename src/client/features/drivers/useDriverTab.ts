import { useState } from 'react';

export type DriverTab = 'available' | 'deliveries';

/**
 * The tab the driver's dashboard shows: the one the driver picked, or else the one with work (their
 * delivery if they have one). Finishing the last delivery hands the choice back, so the dashboard
 * turns to the orders waiting for a driver whichever tab was picked before.
 */
export function useDriverTab(deliveryCount: number | undefined) {
  const [picked, setPicked] = useState<DriverTab | null>(null);
  const [countSeen, setCountSeen] = useState(deliveryCount);
  if (countSeen !== deliveryCount) {
    setCountSeen(deliveryCount);
    if (deliveryCount === 0 && countSeen) setPicked(null);
  }
  const tab: DriverTab = picked ?? (deliveryCount ? 'deliveries' : 'available');
  return [tab, setPicked] as const;
}

import { useSyncExternalStore } from 'react';
import { distanceMeters } from '@shared/drivers/schemas.js';
import type { OperationsOrder, OperationsRider } from '@shared/admin/operations.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** A span as a dispatcher reads it at a glance: '45 s', '4 min', '1 h 5 min'. */
function spanLabel(ms: number): string {
  const elapsed = Math.max(0, ms);
  if (elapsed < MINUTE) return `${Math.floor(elapsed / SECOND)} s`;
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min`;
  const minutes = Math.floor((elapsed % HOUR) / MINUTE);
  return `${Math.floor(elapsed / HOUR)} h${minutes ? ` ${minutes} min` : ''}`;
}

/** 'waiting 4 min', from when the order was ready to `now` on the server's clock. */
export const waitingLabel = (readyAt: string, serverNow: number) => `waiting ${spanLabel(serverNow - Date.parse(readyAt))}`;

/** 'position 12 s ago', or that the rider has sent none. */
export const positionAgeLabel = (at: string | null, serverNow: number) =>
  at ? `position ${spanLabel(serverNow - Date.parse(at))} ago` : 'no position yet';

let now = 0;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

const tick = () => {
  now = Date.now();
  for (const notify of listeners) notify();
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    timer = setInterval(tick, SECOND);
    // The clock was stopped while nobody showed an age: React reads it again after subscribing.
    now = Date.now();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    clearInterval(timer);
    timer = undefined;
  };
}

/**
 * The current time on the server's clock (this device's clock plus `offsetMs`), renewed every
 * second. One timer serves every age on the page, and only the components that show one render.
 */
export function useServerNow(offsetMs: number): number {
  return useSyncExternalStore(subscribe, () => now) + offsetMs;
}

export interface RiderChoice {
  rider: OperationsRider;
  /** From the rider's last position to the restaurant; null when either is unknown. */
  meters: number | null;
}

/** Riders nearest the order's restaurant first; those without a known distance last, by name. */
export function ridersByDistance(
  riders: readonly OperationsRider[],
  order: Pick<OperationsOrder, 'restaurantLatitude' | 'restaurantLongitude'>,
): RiderChoice[] {
  const { restaurantLatitude: latitude, restaurantLongitude: longitude } = order;
  const choices = riders.map((rider) => ({
    rider,
    meters:
      latitude === null || longitude === null || rider.latitude === null || rider.longitude === null
        ? null
        : distanceMeters({ latitude, longitude }, { latitude: rider.latitude, longitude: rider.longitude }),
  }));
  return choices.sort(
    (a, b) => (a.meters ?? Infinity) - (b.meters ?? Infinity) || a.rider.fullName.localeCompare(b.rider.fullName),
  );
}

import { useMemo } from 'react';
import { openingState, type OpeningState, type RestaurantClock } from '@shared/restaurants/hours.js';
import { useMinuteClock } from './useMinuteClock.js';

/**
 * Whether the restaurant takes orders now, judged again every minute (so a pause ends and a
 * restaurant opens by themselves) and whenever its data is fetched again. Null while it is not
 * loaded, or the time is not known (useMinuteClock).
 */
export function useOpeningState(restaurant: RestaurantClock | undefined): OpeningState | null {
  const now = useMinuteClock();
  return useMemo(() => (restaurant && now ? openingState(restaurant, now) : null), [restaurant, now]);
}

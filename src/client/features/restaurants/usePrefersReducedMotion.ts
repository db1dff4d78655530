import { useMediaQuery } from '@/lib/useMediaQuery.js';

/** True when the person asked their system for less motion; follows changes while the page is open. */
export const usePrefersReducedMotion = (): boolean => useMediaQuery('(prefers-reduced-motion: reduce)');

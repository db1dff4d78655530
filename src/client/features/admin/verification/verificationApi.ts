import { infiniteQueryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { verificationDriverPageSchema } from '@shared/admin/verificationList.js';
import { api } from '@/lib/api.js';

/** Everything of the 'Driver Verification' tab starts with this key, so one invalidation refreshes it. */
export const verificationKey = ['admin', 'verification'] as const;

/** The signed links to national IDs last an hour: the list is read again well before. */
const REFRESH_MS = 60_000;

/** Drivers waiting for verification first, then the newest, a page at a time. */
export const verificationDriversQuery = () =>
  infiniteQueryOptions({
    queryKey: [...verificationKey, 'drivers'],
    queryFn: ({ pageParam, signal }) =>
      api(`/api/admin/verification/drivers${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, {
        schema: verificationDriverPageSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: REFRESH_MS,
  });

/**
 * Runs the ID check of a driver (POST /api/admin/drivers/:id/verify-id). The reply is returned as
 * it came: idCheckOutcome() checks it against the shared contract, so that a reply of another shape
 * reads 'Invalid response from verification service' (ID_CHECK_MESSAGES.invalidResponse).
 */
export const runIdCheck = (driverId: string) =>
  api(`/api/admin/drivers/${driverId}/verify-id`, { method: 'POST', body: {}, schema: z.unknown() });

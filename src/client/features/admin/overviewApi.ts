import { queryOptions } from '@tanstack/react-query';
import { adminOverviewSchema } from '@shared/admin/overview.js';
import { api } from '@/lib/api.js';
import { ADMIN_REFETCH_MS } from './useAllOrderEvents.js';

/** The platform's figures, read again after order events (useAllOrderEvents). */
export const adminOverviewQuery = () =>
  queryOptions({
    queryKey: ['admin', 'overview'],
    queryFn: ({ signal }) => api('/api/admin/overview', { schema: adminOverviewSchema, signal }),
    refetchInterval: ADMIN_REFETCH_MS,
  });

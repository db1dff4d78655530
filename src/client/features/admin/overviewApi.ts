import { queryOptions } from '@tanstack/react-query';
import { adminOverviewSchema } from '@shared/admin/overview.js';
import { api } from '@/lib/api.js';

/** The admin area stays open for hours: its figures refresh at least this often (DESIGN section 3). */
const ADMIN_REFRESH_MS = 60_000;

export const adminOverviewQuery = () =>
  queryOptions({
    queryKey: ['admin', 'overview'],
    queryFn: ({ signal }) => api('/api/admin/overview', { schema: adminOverviewSchema, signal }),
    refetchInterval: ADMIN_REFRESH_MS,
  });

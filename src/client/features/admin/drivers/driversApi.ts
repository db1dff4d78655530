import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { adminDriverPageSchema, adminDriverViewSchema } from '@shared/admin/drivers.js';
import { api } from '@/lib/api.js';

/** Every drivers list starts with this key, so one invalidation refreshes them all. */
export const adminDriversKey = ['admin', 'drivers'] as const;

/** The drivers matching the search (name or plate), newest first, a page at a time. */
export const driversQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: [...adminDriversKey, search],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (search) params.set('q', search);
      if (pageParam) params.set('cursor', pageParam);
      const query = params.toString();
      return api(`/api/admin/drivers${query ? `?${query}` : ''}`, { schema: adminDriverPageSchema, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // While another search loads, the last results stay (and any dialog opened on them) instead of placeholders.
    placeholderData: keepPreviousData,
  });

export const setDriverVerified = (id: string, verified: boolean) =>
  api(`/api/admin/drivers/${encodeURIComponent(id)}/verified`, {
    method: 'PATCH',
    body: { verified },
    schema: adminDriverViewSchema,
  });

import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { adminUserPageSchema, adminUserViewSchema } from '@shared/admin/users.js';
import type { Role } from '@shared/auth/roles.js';
import { api } from '@/lib/api.js';

/** Every users list starts with this key, so one invalidation refreshes them all. */
export const adminUsersKey = ['admin', 'users'] as const;

const userPath = (id: string, part: string) => `/api/admin/users/${encodeURIComponent(id)}/${part}`;

/** The accounts matching the search, newest first, a page at a time. */
export const usersQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: [...adminUsersKey, search],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (search) params.set('q', search);
      if (pageParam) params.set('cursor', pageParam);
      const query = params.toString();
      return api(`/api/admin/users${query ? `?${query}` : ''}`, { schema: adminUserPageSchema, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // While another search loads, the last results stay (and any dialog opened on them) instead of placeholders.
    placeholderData: keepPreviousData,
  });

export const changeUserRole = (id: string, role: Role) =>
  api(userPath(id, 'role'), { method: 'PATCH', body: { role }, schema: adminUserViewSchema });

export const setUserDisabled = (id: string, disabled: boolean) =>
  api(userPath(id, 'disabled'), { method: 'PATCH', body: { disabled }, schema: adminUserViewSchema });

import { useInfiniteQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { ADMIN_USER_MESSAGES } from '@shared/admin/users.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { PagedList } from '@/components/ui/paged-list.js';
import { useAuth } from '@/lib/authContext.js';
import { useDebouncedValue } from '@/lib/useDebouncedValue.js';
import { SearchBox } from '@/components/ui/search-box.js';
import { UserCard } from './users/UserCard.js';
import { usersQuery } from './users/usersApi.js';

/** User Management (the admin area's Users tab): every account, searched by name, phone or email on the server. */
export default function UsersPage() {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim());
  const selfId = useAuth().user?.id;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageTitle>{ADMIN_USER_MESSAGES.title}</PageTitle>
        <SearchBox
          className="w-full sm:max-w-sm"
          label="Search users by name, phone or email"
          placeholder={ADMIN_USER_MESSAGES.searchPlaceholder}
          value={search}
          onChange={setSearch}
        />
      </div>
      <PagedList
        query={useInfiniteQuery(usersQuery(settled))}
        itemKey={(user) => user.id}
        renderItem={(user) => <UserCard user={user} isSelf={user.id === selfId} />}
        loadingLabel="Loading users"
        failedTitle={ADMIN_USER_MESSAGES.loadFailed}
        emptyIcon={Users}
        emptyTitle={ADMIN_USER_MESSAGES.empty}
        skeletonClassName="h-40"
        className="grid gap-3 lg:grid-cols-2"
      />
    </div>
  );
}

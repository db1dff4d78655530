import { useInfiniteQuery } from '@tanstack/react-query';
import { Bike } from 'lucide-react';
import { useState } from 'react';
import { ADMIN_DRIVER_MESSAGES } from '@shared/admin/drivers.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { PagedList } from '@/components/ui/paged-list.js';
import { useDebouncedValue } from '@/lib/useDebouncedValue.js';
import { DriverCard } from './drivers/DriverCard.js';
import { driversQuery } from './drivers/driversApi.js';
import { SearchBox } from '@/components/ui/search-box.js';

/** Driver Management (the admin area's Drivers tab): every driver, searched by name or plate on the server, verified here. */
export default function DriversPage() {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim());
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageTitle>{ADMIN_DRIVER_MESSAGES.title}</PageTitle>
        <SearchBox
          className="w-full sm:max-w-sm"
          label="Search drivers by name or plate"
          placeholder={ADMIN_DRIVER_MESSAGES.searchPlaceholder}
          value={search}
          onChange={setSearch}
        />
      </div>
      <PagedList
        query={useInfiniteQuery(driversQuery(settled))}
        itemKey={(driver) => driver.userId}
        renderItem={(driver) => <DriverCard driver={driver} />}
        loadingLabel="Loading drivers"
        failedTitle={ADMIN_DRIVER_MESSAGES.loadFailed}
        emptyIcon={Bike}
        emptyTitle={ADMIN_DRIVER_MESSAGES.empty}
        skeletonClassName="h-48"
        className="grid gap-3 lg:grid-cols-2"
      />
    </div>
  );
}

import { useInfiniteQuery } from '@tanstack/react-query';
import { Store } from 'lucide-react';
import { useState } from 'react';
import { ADMIN_RESTAURANT_MESSAGES } from '@shared/admin/restaurants.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { PagedList } from '@/components/ui/paged-list.js';
import { useDebouncedValue } from '@/lib/useDebouncedValue.js';
import { AdminRestaurantCard } from './restaurants/AdminRestaurantCard.js';
import { adminRestaurantsQuery } from './restaurants/adminRestaurantsApi.js';
import { SearchBox } from '@/components/ui/search-box.js';

/** /admin/restaurants: every restaurant, active or not, found by the server by name or address; each can be opened or closed. */
export default function RestaurantsPage() {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim());
  const restaurants = useInfiniteQuery(adminRestaurantsQuery(settled));

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <PageTitle>Restaurant Management</PageTitle>
        <SearchBox
          label="Search restaurants"
          placeholder="Name or address"
          value={search}
          onChange={setSearch}
          className="sm:w-80"
        />
      </div>
      <PagedList
        query={restaurants}
        itemKey={(restaurant) => restaurant.id}
        renderItem={(restaurant) => <AdminRestaurantCard restaurant={restaurant} />}
        loadingLabel="Loading restaurants"
        failedTitle={ADMIN_RESTAURANT_MESSAGES.loadFailed}
        emptyIcon={Store}
        emptyTitle={ADMIN_RESTAURANT_MESSAGES.empty}
        skeletonClassName="h-44"
        className="grid gap-4 lg:grid-cols-2"
      />
    </div>
  );
}

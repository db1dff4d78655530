import { useInfiniteQuery } from '@tanstack/react-query';
import { ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { ADMIN_ORDER_MESSAGES, ADMIN_SEARCH_MIN } from '@shared/orders/views.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { PagedList } from '@/components/ui/paged-list.js';
import { useDebouncedValue } from '@/lib/useDebouncedValue.js';
import { AdminOrderCard } from './orders/AdminOrderCard.js';
import { ADMIN_ORDERS_KEY, adminOrdersQuery } from './orders/adminOrdersApi.js';
import { StatusFilter, type StatusChoice } from './orders/StatusFilter.js';
import { SearchBox } from '@/components/ui/search-box.js';
import { useAllOrderEvents } from './useAllOrderEvents.js';

/**
 * /admin/orders: every order on the platform, newest first, searched by the server (restaurant
 * name, customer name or the start of the order id) and filtered by status; support can cancel
 * an order until it is picked up and unlock a delivery code. The list follows every order's
 * events (orders:all) and refetches when the tab regains focus.
 */
export default function OrdersPage() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusChoice>('all');
  const typed = search.trim();
  const tooShort = typed.length > 0 && typed.length < ADMIN_SEARCH_MIN;
  // The server needs 3 characters; until then the list stays as it was without a search.
  const settled = useDebouncedValue(tooShort ? '' : typed);
  const orders = useInfiniteQuery(adminOrdersQuery({ text: settled, status }));
  useAllOrderEvents(ADMIN_ORDERS_KEY);

  return (
    <div className="grid gap-6">
      <PageTitle>Order Management</PageTitle>
      <div className="grid gap-4 sm:grid-cols-[1fr_14rem] sm:items-start">
        <SearchBox
          label="Search orders"
          placeholder="Restaurant, customer or order id"
          value={search}
          onChange={setSearch}
          hint={
            tooShort
              ? ADMIN_ORDER_MESSAGES.searchTooShort
              : 'Restaurant name, customer name, or the order id (e.g. the 8-character short id)'
          }
        />
        <StatusFilter value={status} onChange={setStatus} />
      </div>
      <PagedList
        query={orders}
        itemKey={(order) => order.id}
        renderItem={(order) => <AdminOrderCard order={order} />}
        loadingLabel="Loading orders"
        failedTitle={ADMIN_ORDER_MESSAGES.loadFailed}
        emptyIcon={ReceiptText}
        emptyTitle={ADMIN_ORDER_MESSAGES.empty}
        skeletonClassName="h-64"
        className="grid gap-4 xl:grid-cols-2"
      />
    </div>
  );
}

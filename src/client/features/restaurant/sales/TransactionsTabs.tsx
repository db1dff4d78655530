import { useInfiniteQuery } from '@tanstack/react-query';
import { ReceiptText } from 'lucide-react';
import { SALES_MESSAGES, type SalesPeriod } from '@shared/orders/sales.js';
import { statusBadgeVariant } from '@shared/orders/status.js';
import type { SalesOrderView } from '@shared/orders/views.js';
import { Badge } from '@/components/ui/badge.js';
import { Button } from '@/components/ui/button.js';
import { EmptyState, LoadFailed } from '@/components/ui/empty-state.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.js';
import { formatDateTime, formatMoney } from '@/lib/format.js';

import { transactionsQuery, type SalesTab } from './salesApi.js';

function Transaction({ order }: { order: SalesOrderView }) {
  const money = (minor: number) => formatMoney(minor, order.currencySymbol);
  return (
    <li className="grid gap-2 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">
          Order #{order.shortId} <span className="font-normal text-muted-foreground">· {order.customerName}</span>
        </p>
        <Badge variant={statusBadgeVariant(order.status)}>{order.statusLabel}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
      </p>
      <dl className="grid grid-cols-3 gap-2 text-sm tabular-nums">
        <div>
          <dt className="text-muted-foreground">Total</dt>
          <dd className="font-semibold">{money(order.totalAmount)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Commission</dt>
          <dd>{money(order.commissionAmount)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Payout</dt>
          <dd>{money(order.restaurantPayout)}</dd>
        </div>
      </dl>
    </li>
  );
}

const EMPTY: Record<SalesTab, string> = {
  recent: 'No transactions in this period',
  completed: 'No delivered orders in this period',
};

function TransactionList({ restaurantId, tab, period }: { restaurantId: string; tab: SalesTab; period: SalesPeriod }) {
  const transactions = useInfiniteQuery(transactionsQuery(restaurantId, tab, period));
  const shown = transactions.data?.pages.flatMap((page) => page.items) ?? [];

  if (transactions.isPending) {
    return (
      <div role="status" aria-label="Loading transactions" className="grid gap-3">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-28 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (transactions.isError && shown.length === 0) {
    return (
      <LoadFailed
        title={SALES_MESSAGES.loadFailed}
        retrying={transactions.isFetching}
        onRetry={() => void transactions.refetch()}
      />
    );
  }
  if (shown.length === 0) return <EmptyState icon={ReceiptText} title={EMPTY[tab]} />;
  return (
    <div className="grid gap-3">
      <ul className="grid gap-3">
        {shown.map((order) => (
          <Transaction key={order.id} order={order} />
        ))}
      </ul>
      {transactions.hasNextPage && (
        <Button
          variant="outline"
          className="h-11 justify-self-center"
          disabled={transactions.isFetchingNextPage}
          onClick={() => void transactions.fetchNextPage()}
        >
          {transactions.isFetchingNextPage ? 'Loading more…' : 'Show more'}
        </Button>
      )}
    </div>
  );
}

/** 'Recent Transactions' (every order of the period) and 'Completed' (delivered only, SPEC section 4). */
export function TransactionsTabs({ restaurantId, period }: { restaurantId: string; period: SalesPeriod }) {
  return (
    <Tabs defaultValue="recent">
      <TabsList className="h-12 w-full sm:w-fit">
        <TabsTrigger value="recent" className="min-h-10">
          Recent Transactions
        </TabsTrigger>
        <TabsTrigger value="completed" className="min-h-10">
          Completed
        </TabsTrigger>
      </TabsList>
      {(['recent', 'completed'] as const).map((tab) => (
        <TabsContent key={tab} value={tab}>
          <TransactionList restaurantId={restaurantId} tab={tab} period={period} />
        </TabsContent>
      ))}
    </Tabs>
  );
}

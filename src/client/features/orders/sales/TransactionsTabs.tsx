import { useInfiniteQuery } from '@tanstack/react-query';
import { ReceiptText } from 'lucide-react';
import { SALES_MESSAGES, type SalesPeriod } from '@shared/orders/sales.js';
import { statusBadgeVariant } from '@shared/orders/status.js';
import type { SalesOrderView } from '@shared/orders/views.js';
import { Badge } from '@/components/ui/badge.js';
import { PagedList } from '@/components/ui/paged-list.js';
import { OrderItemsSummary } from '@/components/orders/OrderItemsSummary.js';
import { OrderMoney } from '@/components/orders/OrderMoney.js';
import { TabLabel, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.js';
import { formatDateTime } from '@/lib/format.js';

import { transactionsQuery, type SalesTab } from './salesApi.js';

function Transaction({ order }: { order: SalesOrderView }) {
  return (
    <article className="grid gap-2 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">
          Order #{order.shortId} <span className="font-normal text-muted-foreground">· {order.customerName}</span>
        </p>
        <Badge variant={statusBadgeVariant(order.status)}>{order.statusLabel}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
      </p>
      <OrderItemsSummary items={order.items} />
      <OrderMoney order={order} payoutLabel="Payout" />
    </article>
  );
}

const EMPTY: Record<SalesTab, string> = {
  recent: 'No transactions in this period',
  completed: 'No delivered orders in this period',
};

function TransactionList({ restaurantId, tab, period }: { restaurantId: string; tab: SalesTab; period: SalesPeriod }) {
  return (
    <PagedList
      query={useInfiniteQuery(transactionsQuery(restaurantId, tab, period))}
      itemKey={(order) => order.id}
      renderItem={(order) => <Transaction order={order} />}
      loadingLabel="Loading transactions"
      failedTitle={SALES_MESSAGES.loadFailed}
      emptyIcon={ReceiptText}
      emptyTitle={EMPTY[tab]}
    />
  );
}

/** 'Recent Transactions' (every order of the period) and 'Completed' (delivered only). */
export function TransactionsTabs({ restaurantId, period }: { restaurantId: string; period: SalesPeriod }) {
  return (
    <Tabs defaultValue="recent">
      <TabsList className="w-full sm:w-fit">
        <TabsTrigger value="recent" className="min-h-10">
          <TabLabel short="Recent">Recent Transactions</TabLabel>
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

import type { UseQueryResult } from '@tanstack/react-query';
import type { AvailableOrderView, DeliveryView } from '@shared/orders/views.js';
import type { Page } from '@shared/paging.js';
import { TabLabel, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.js';
import { AvailableOrderList } from './AvailableOrderList.js';
import { DeliveryList } from './DeliveryList.js';
import type { DriverTab } from './useDriverTab.js';

interface OrderTabsProps {
  verified: boolean;
  /** Undefined while the list loads. */
  availableCount: number | undefined;
  deliveries: UseQueryResult<Page<DeliveryView>>;
  blocker: string | null;
  /** Why one order cannot join what the driver carries (batching), or null. */
  orderBlocker: (order: AvailableOrderView) => string | null;
  /** The tab shown (useDriverTab), and the driver picking one. */
  tab: DriverTab;
  onTabChange: (tab: DriverTab) => void;
}

const countOf = (count: number | undefined) => (count === undefined ? '' : ` (${count})`);

/** 'Available Orders (n)' and 'My Deliveries (n)', showing the tab useDriverTab chooses. */
export function OrderTabs({ verified, availableCount, deliveries, blocker, orderBlocker, tab, onTabChange }: OrderTabsProps) {
  const deliveryCount = deliveries.data?.items.length;

  return (
    <Tabs value={tab} onValueChange={(value) => onTabChange(value as DriverTab)} className="gap-4">
      <TabsList className="grid h-auto min-h-13 w-full grid-cols-2 sm:w-fit">
        <TabsTrigger value="available" className="min-h-11 px-3">
          <TabLabel short={`Available${countOf(verified ? availableCount : 0)}`}>
            Available Orders{countOf(verified ? availableCount : 0)}
          </TabLabel>
        </TabsTrigger>
        <TabsTrigger value="deliveries" className="min-h-11 px-3">
          <TabLabel short={`Deliveries${countOf(deliveryCount)}`}>My Deliveries{countOf(deliveryCount)}</TabLabel>
        </TabsTrigger>
      </TabsList>
      <TabsContent value="available">
        <AvailableOrderList
          verified={verified}
          blocker={blocker}
          orderBlocker={orderBlocker}
          onAccepted={() => onTabChange('deliveries')}
        />
      </TabsContent>
      <TabsContent value="deliveries">
        <DeliveryList deliveries={deliveries} />
      </TabsContent>
    </Tabs>
  );
}

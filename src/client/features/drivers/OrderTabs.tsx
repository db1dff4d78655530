import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { DeliveryView } from '@shared/orders/views.js';
import type { Page } from '@shared/paging.js';
import { TabLabel, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.js';
import { AvailableOrderList } from './AvailableOrderList.js';
import { DeliveryList } from './DeliveryList.js';

type Tab = 'available' | 'deliveries';

interface OrderTabsProps {
  verified: boolean;
  /** Undefined while the list loads. */
  availableCount: number | undefined;
  deliveries: UseQueryResult<Page<DeliveryView>>;
  blocker: string | null;
}

const countOf = (count: number | undefined) => (count === undefined ? '' : ` (${count})`);

/** 'Available Orders (n)' and 'My Deliveries (n)'. Until the driver picks a tab, it is the one with work: their delivery if they have one. */
export function OrderTabs({ verified, availableCount, deliveries, blocker }: OrderTabsProps) {
  const [picked, setPicked] = useState<Tab | null>(null);
  const deliveryCount = deliveries.data?.items.length;
  const tab: Tab = picked ?? (deliveryCount ? 'deliveries' : 'available');

  return (
    <Tabs value={tab} onValueChange={(value) => setPicked(value as Tab)} className="gap-4">
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
        <AvailableOrderList verified={verified} blocker={blocker} onAccepted={() => setPicked('deliveries')} />
      </TabsContent>
      <TabsContent value="deliveries">
        <DeliveryList deliveries={deliveries} />
      </TabsContent>
    </Tabs>
  );
}

import { MapPin, Navigation } from 'lucide-react';
import type { AvailableOrderView } from '@shared/orders/views.js';
import { Detail } from '@/components/ui/detail.js';

/** Where a waiting order is picked up and where it goes, as a rider weighs it (inside a <dl>). */
export function RouteDetails({ order }: { order: Pick<AvailableOrderView, 'restaurantAddress' | 'deliveryAddress'> }) {
  return (
    <>
      <Detail icon={MapPin} label="Restaurant address">
        {order.restaurantAddress}
      </Detail>
      <Detail icon={Navigation} label="Delivery area">
        {order.deliveryAddress}
      </Detail>
    </>
  );
}

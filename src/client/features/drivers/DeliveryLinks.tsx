import { Navigation, Phone } from 'lucide-react';
import type { DeliveryView } from '@shared/orders/views.js';
import { Button } from '@/components/ui/button.js';
import { directionsUrl } from './directions.js';

/**
 * Directions in an external maps page (new tab): to the restaurant until the food is picked up,
 * then to the customer; and a call link to the customer's delivery phone.
 */
export function DeliveryLinks({ delivery }: { delivery: DeliveryView }) {
  const toCustomer = delivery.status === 'picked_up';
  const destination = toCustomer
    ? { latitude: delivery.deliveryLatitude, longitude: delivery.deliveryLongitude, address: delivery.deliveryAddress }
    : {
        latitude: delivery.restaurantLatitude,
        longitude: delivery.restaurantLongitude,
        address: `${delivery.restaurantName}, ${delivery.restaurantAddress}`,
      };
  return (
    <div className="grid grid-cols-2 gap-2">
      <Button asChild variant="secondary" size="lg" className="px-3">
        <a href={directionsUrl(destination)} target="_blank" rel="noopener noreferrer">
          <Navigation aria-hidden />
          {toCustomer ? 'To customer' : 'To restaurant'}
          <span className="sr-only"> (directions, opens in a new tab)</span>
        </a>
      </Button>
      <Button asChild variant="secondary" size="lg" className="px-3">
        <a href={`tel:${delivery.deliveryPhone}`}>
          <Phone aria-hidden />
          Call customer
        </a>
      </Button>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { roadMeters, type DeliveryPricingList, type Pin } from '@shared/delivery/fees.js';
import { deliveryTimeRange } from '@shared/restaurants/estimate.js';
import { UNKNOWN_DELIVERY_TIME, type PublicRestaurant } from '@shared/restaurants/schemas.js';
import { useDeliveryLocation } from '@/components/maps/deliveryLocation.js';
import { deliveryPricingQuery } from '@/lib/deliveryPricingApi.js';

type TimedRestaurant = Pick<PublicRestaurant, 'latitude' | 'longitude' | 'prepMinutes' | 'busyMinutes'>;

/**
 * How long bringing this restaurant's food to `location` takes ('35-45 min', decision 026), worked
 * out in the browser from its preparation and busy minutes and the ride at the riders' average
 * speed; SPEC.md's '25-35 min' while the speed, the customer's place or the restaurant's pin is unknown.
 */
function deliveryTimeLabel(
  pricing: Pick<DeliveryPricingList, 'roadFactorPercent' | 'averageSpeedKmh'> | undefined,
  restaurant: TimedRestaurant,
  location: Pin | null,
): string {
  if (!pricing || !location || restaurant.latitude === null || restaurant.longitude === null) return UNKNOWN_DELIVERY_TIME;
  const meters = roadMeters(
    { latitude: restaurant.latitude, longitude: restaurant.longitude },
    location,
    pricing.roadFactorPercent,
  );
  return deliveryTimeRange({ ...restaurant, meters, averageSpeedKmh: pricing.averageSpeedKmh });
}

/** The delivery time to the customer's place, as cards and the menu show it; the pricing is read once the place is known. */
export function useDeliveryTime(restaurant: TimedRestaurant): string {
  const place = useDeliveryLocation();
  const pricing = useQuery({ ...deliveryPricingQuery(), enabled: place !== null });
  return deliveryTimeLabel(pricing.data, restaurant, place);
}

import { describe, expect, it } from 'vitest';
import type { DeliveryPricingList } from '@shared/delivery/fees.js';
import { cardDelivery } from './deliveryPricing.js';

const PRICING: DeliveryPricingList = {
  roadFactorPercent: 130,
  averageSpeedKmh: 20,
  currencies: [{ currencySymbol: 'GH₵', baseFee: 800, perKmFee: 200, includedMeters: 3000, maxMeters: 15_000 }],
};
const HOME = { latitude: 5.6037, longitude: -0.187 };
/** A restaurant `degrees` of latitude north of HOME (0.01° is about 1.1 km in a straight line). */
const north = (degrees: number, currencySymbol = 'GH₵') => ({
  latitude: HOME.latitude + degrees,
  longitude: HOME.longitude,
  currencySymbol,
});

describe('cardDelivery', () => {
  it('is the base fee within the included distance, and more for each started kilometre beyond it', () => {
    expect(cardDelivery(PRICING, north(0.01), HOME)).toEqual({ label: 'Delivery GH₵8.00', deliverable: true });
    // 0.04° ≈ 4.45 km, 5.78 km by road: 3 kilometres started beyond the included 3 km.
    expect(cardDelivery(PRICING, north(0.04), HOME)).toEqual({ label: 'Delivery GH₵14.00', deliverable: true });
  });

  it('is too far beyond the longest distance, and free in a currency without pricing', () => {
    expect(cardDelivery(PRICING, north(0.12), HOME)).toEqual({ label: 'Too far to deliver', deliverable: false });
    expect(cardDelivery(PRICING, north(0.12, '₦'), HOME)).toEqual({ label: 'Free delivery', deliverable: true });
  });

  it('says nothing while the pricing, the customer or the restaurant has no place', () => {
    expect(cardDelivery(undefined, north(0.01), HOME)).toBeNull();
    expect(cardDelivery(PRICING, north(0.01), null)).toBeNull();
    expect(cardDelivery(PRICING, { latitude: null, longitude: null, currencySymbol: 'GH₵' }, HOME)).toBeNull();
  });
});

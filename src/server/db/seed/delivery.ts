import type { DeliveryPricing } from '@shared/delivery/fees.js';

/**
 * Delivery pricing for the demo (decision 022), in the currencies of the countries the demo's
 * people come from: a base fee up to 3 km, a rate for each started km beyond, up to 15 km.
 */
export const DEMO_DELIVERY_PRICING: DeliveryPricing[] = [
  { currencySymbol: 'GH₵', baseFee: 800, perKmFee: 150, includedMeters: 3000, maxMeters: 15_000 },
  { currencySymbol: '₦', baseFee: 80_000, perKmFee: 15_000, includedMeters: 3000, maxMeters: 15_000 },
  { currencySymbol: 'KSh', baseFee: 10_000, perKmFee: 1500, includedMeters: 3000, maxMeters: 15_000 },
];

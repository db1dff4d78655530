/**
 * What a checkout priced its order from (the restaurant's country and pin, its currency's delivery
 * pricing, the platform's road factor and share), as one fingerprint over `restaurants r`,
 * `commission_settings c` and the currency's `delivery_pricing dp`. The kitchen statement reads it;
 * an order priced from a kept copy of the kitchen is written only while it still holds
 * (pricedCart's `facts`), so a copy can never price an order from facts that have changed.
 */
export const KITCHEN_FACTS_SQL = `md5(row(r.country, r.currency_symbol, r.latitude, r.longitude, dp.base_fee, dp.per_km_fee,
  dp.included_meters, dp.max_meters, c.road_factor_percent, c.delivery_share_bps)::text)`;

/** The currency's pricing, joined as KITCHEN_FACTS_SQL reads it. */
export const KITCHEN_PRICING_JOIN = 'left join delivery_pricing dp on dp.currency_symbol = r.currency_symbol';

/** Whether the restaurant's owner or a manager has a device for push messages (decision 020). */
export const KITCHEN_HAS_DEVICES_SQL = `exists (
  select 1 from push_subscriptions s where s.user_id = r.owner_id
  union all
  select 1 from restaurant_members m join push_subscriptions s on s.user_id = m.user_id where m.restaurant_id = r.id)`;

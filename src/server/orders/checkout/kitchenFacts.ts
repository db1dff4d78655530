/**
 * What a checkout priced its order from and whom it pushes it to (the restaurant's country and pin,
 * its currency's delivery pricing, the platform's road factor and share, its owner's and managers'
 * devices), and whether it takes orders now (its time zone, hours and pause), as one number:
 * `restaurants.kitchen_version`, which triggers raise whenever any of it changes (migrations
 * 0025_kitchen_version and 0026_opening_hours). The kitchen statement reads it; an order priced from a kept copy of the
 * kitchen is written only while it still holds (pricedCart's `facts`), so a copy can never price an
 * order from facts that have changed, nor push it to devices no longer there.
 */
export const KITCHEN_FACTS_SQL = 'r.kitchen_version';

/** The currency's pricing, joined as the kitchen statement reads it. */
export const KITCHEN_PRICING_JOIN = 'left join delivery_pricing dp on dp.currency_symbol = r.currency_symbol';

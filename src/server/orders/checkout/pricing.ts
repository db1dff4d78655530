import type { ChosenOption } from '@shared/menu/options.js';
import { statement, type StatementRunner } from '../../db/statements.js';
import { KITCHEN_FACTS_SQL } from './kitchenFacts.js';

/** One line of a cart: each dish once per set of choices (placeOrderSchema refuses duplicates), in the customer's order. */
export interface CartLine {
  menuItemId: string;
  quantity: number;
  choiceIds: string[];
}

/** A line as priced: the dish's name, its choices and its unit price with them, as the order keeps them. */
export interface PricedLine extends CartLine {
  name: string;
  price: number;
  choices: ChosenOption[];
}

/**
 * Prices agreed before the order is written (a card checkout's intent, decision 004): the order
 * keeps these names, prices, commission rate, currency and restaurant position rather than the
 * menu's and the restaurant's of the moment it is written.
 */
export interface AgreedPrices {
  currencySymbol: string;
  commissionBps: number;
  restaurantLatitude: number | null;
  restaurantLongitude: number | null;
  lines: PricedLine[];
}

/** The placeholders (`$n`) of a statement that prices a cart with pricedCart. */
interface PricingParams {
  restaurantId: string;
  menuItemIds: string;
  quantities: string;
  /** Each line's choice ids, comma-separated text ('' for none): arrays of arrays cannot be ragged. */
  choiceIds: string;
  /** The largest food subtotal the order may come to: the order's limit less its delivery fee and tip. */
  maxTotal: string;
  /** The tip, which may not exceed the food subtotal. */
  tip: string;
  /** Agreed prices as jsonb; without it (or `kept`), the cart is priced at the menu's. */
  agreed?: string;
  /** Lines priced from a kept copy of the menu (keptMenu.ts) as jsonb, and the version of the kitchen it was kept at (kitchenFacts.ts): no bill unless that still holds. */
  kept?: { lines: string; facts: string };
}

/** Where a line's name and price and the bill's currency, rate and restaurant position come from. */
interface PriceSource {
  /** Whether each line is held to the menu's rules as the menu is now (dish of this restaurant, available, choices that fit). */
  menuRules: boolean;
  /** Joins the lines' prices from elsewhere than the menu. */
  lines: string;
  name: string;
  price: string;
  choices: string;
  currency: string;
  latitude: string;
  longitude: string;
  commissionBps: string;
  /** The smallest subtotal taken: the restaurant's minimum order now; none for terms agreed when it was met. */
  minimum: string;
}

const MENU_NOW: PriceSource = {
  menuRules: true,
  lines: '',
  name: 'm.name',
  price: 'm.price + chosen.extra',
  choices: 'chosen.choices',
  currency: 'r.currency_symbol',
  latitude: 'r.latitude',
  longitude: 'r.longitude',
  commissionBps: 'c.commission_bps',
  minimum: 'r.min_order_amount',
};

/** Each cart line's name, price and choices from a jsonb array of priced lines in cart order (`agreed`), the same dish on the same line. */
const linesPricedIn = (lines: string): string =>
  `join lateral jsonb_to_record(${lines} -> (cart.position::int - 1))
      as agreed("menuItemId" uuid, name text, price int, choices jsonb) on agreed."menuItemId" = cart.menu_item_id`;

/**
 * Lines priced from a copy of the menu kept with the kitchen's version (keptMenu.ts): the menu's
 * rules were applied to that copy, which the bill's version check proves is the menu as it is now,
 * so the dishes need not be read again. The restaurant's currency, position, minimum order and the
 * commission rate are read as now.
 */
const keptMenu = (lines: string): PriceSource => ({
  ...MENU_NOW,
  menuRules: false,
  lines: linesPricedIn(`${lines}::jsonb`),
  name: 'agreed.name',
  price: 'agreed.price',
  choices: 'agreed.choices',
});

const agreedEarlier = (agreed: string): PriceSource => {
  const terms = `${agreed}::jsonb`;
  return {
    menuRules: true,
    lines: linesPricedIn(`${terms} -> 'lines'`),
    name: 'agreed.name',
    price: 'agreed.price',
    choices: `coalesce(agreed.choices, '[]'::jsonb)`,
    currency: `${terms} ->> 'currencySymbol'`,
    latitude: `(${terms} ->> 'restaurantLatitude')::float8`,
    longitude: `(${terms} ->> 'restaurantLongitude')::float8`,
    commissionBps: `(${terms} ->> 'commissionBps')::int`,
    minimum: '0',
  };
};

/**
 * A line's choices on its dish now (`chosen`): the price they add, their names and price changes
 * in the dish's order, whether every id sent is a choice of the dish, available and not sold out
 * for today (`found`), and the group of each (`groups`, by position, for GROUPS_FIT).
 */
const CHOSEN = `cross join lateral (
      select coalesce(sum((c.choice ->> 'priceDelta')::int), 0)::int as extra,
        count(*) = cardinality(cart.choice_ids) and coalesce(bool_and((c.choice ->> 'isAvailable')::boolean
          and coalesce((m.choices_sold_out ->> (c.choice ->> 'id'))::timestamptz <= now(), true)), true) as found,
        coalesce(jsonb_agg(jsonb_build_object('group', g.grp ->> 'name', 'name', c.choice ->> 'name',
          'priceDelta', (c.choice ->> 'priceDelta')::int) order by g.gi, c.ci), '[]'::jsonb) as choices,
        coalesce(array_agg(g.gi), '{}') as groups
      from jsonb_array_elements(m.option_groups) with ordinality g(grp, gi)
      cross join jsonb_array_elements(g.grp -> 'choices') with ordinality c(choice, ci)
      where c.choice ->> 'id' = any(cart.choice_ids)
    ) chosen`;

/** Every group of the line's dish has between its least and most choices picked (counted from `chosen`). */
const GROUPS_FIT = `not exists (
      select 1 from jsonb_array_elements(m.option_groups) with ordinality g(grp, gi)
      where coalesce(cardinality(array_positions(chosen.groups, g.gi)), 0)
        not between (g.grp ->> 'minChoices')::int and (g.grp ->> 'maxChoices')::int
    )`;

/**
 * The rules of every checkout, cash or card, as common table expressions: `priced` (each line at
 * the menu's price with its choices' price changes, or the price agreed earlier when given,
 * available items of this restaurant not sold out for today only, each with available choices of its own that meet its
 * groups' rules, in cart order; or, given `kept`, as a kept copy of the menu priced it by the same
 * rules), `bill` (restaurant, currency, commission rate and total; no row unless
 * the restaurant is active, every line priced, the total within the limit, at least the
 * restaurant's minimum order and at least the tip, and, given `kept`, the kitchen and its menu as
 * they were kept) and `split` (the
 * bill with its commission). writeOrder writes orders from it; a card checkout prices its intent
 * with it. checks.ts says in words which of these rules a refused cart breaks.
 *
 * The commission is `commissionFor` of src/shared/money.ts (basis points, half up) in integer
 * SQL: (total * bps + 5000) / 10000; a test holds the two to the same results.
 */
export function pricedCart(params: PricingParams): string {
  const { restaurantId, menuItemIds, quantities, choiceIds, maxTotal, tip, agreed, kept } = params;
  const source = agreed ? agreedEarlier(agreed) : kept ? keptMenu(kept.lines) : MENU_NOW;
  const factsHold = kept ? `and ${KITCHEN_FACTS_SQL} = ${kept.facts}::int` : '';
  const onTheMenu = source.menuRules
    ? `join menu_items m on m.id = cart.menu_item_id ${source.lines}
    ${CHOSEN}
    where m.restaurant_id = ${restaurantId} and m.is_available and (m.sold_out_until is null or m.sold_out_until <= now())
      and chosen.found and ${GROUPS_FIT}`
    : source.lines;
  return `cart as (
    select menu_item_id, quantity, string_to_array(choice_list, ',') as choice_ids, position
    from unnest(${menuItemIds}::uuid[], ${quantities}::int[], ${choiceIds}::text[]) with ordinality
      as cart(menu_item_id, quantity, choice_list, position)
  ), priced as (
    select cart.position, cart.menu_item_id, ${source.name} as name, cart.quantity, ${source.price} as price,
      ${source.choices} as choices
    from cart ${onTheMenu}
  ), bill as (
    select r.name as restaurant_name, ${source.currency} as currency_symbol, ${source.latitude} as latitude,
      ${source.longitude} as longitude, ${source.commissionBps} as commission_bps, r.prep_minutes + r.busy_minutes as prep_minutes,
      sum(p.price::bigint * p.quantity)::bigint as total
    from restaurants r join commission_settings c on c.id = 1 cross join priced p
    where r.id = ${restaurantId} and r.is_active ${factsHold}
    group by r.id, c.commission_bps
    having count(*) = cardinality(${menuItemIds}::uuid[]) and sum(p.price::bigint * p.quantity) <= ${maxTotal}
      and sum(p.price::bigint * p.quantity) >= greatest(${source.minimum}, ${tip}::int)
  ), split as (
    select bill.*, (total * commission_bps + 5000) / 10000 as commission from bill
  )`;
}

/** A cart priced as checkout prices it (pricedCart), written nowhere: what a card checkout's intent stores. */
export interface PricedCart extends AgreedPrices {
  restaurantName: string;
  totalAmount: number;
  commissionAmount: number;
}

interface PricedLineRow {
  menu_item_id: string;
  name: string;
  quantity: number;
  price: number;
  choices: ChosenOption[];
  restaurant_name: string;
  currency_symbol: string;
  latitude: number | null;
  longitude: number | null;
  commission_bps: number;
  total: string | number;
  commission: string | number;
}

const priceCartStatement = statement<
  [restaurantId: string, menuItemIds: string[], quantities: number[], maxTotal: number, tip: number, choiceIds: string[]],
  PricedLineRow
>(
  'checkout_price_cart',
  `
  with ${pricedCart({ restaurantId: '$1', menuItemIds: '$2', quantities: '$3', choiceIds: '$6', maxTotal: '$4', tip: '$5' })}
  select priced.menu_item_id, priced.name, priced.quantity, priced.price, priced.choices, split.restaurant_name, split.currency_symbol,
    split.latitude, split.longitude, split.commission_bps, split.total::int8 as total, split.commission::int8 as commission
  from split, priced
  order by priced.position`,
);

/**
 * Prices the cart at the menu's current prices, exactly as a cash checkout would; undefined when
 * a cash checkout would refuse it (inactive or unknown restaurant, an item not on its menu or
 * unavailable, a total over `maxTotal`, under the minimum order or under the tip).
 */
export async function priceCart(
  statements: StatementRunner,
  restaurantId: string,
  lines: CartLine[],
  { maxTotal, tip }: { maxTotal: number; tip: number },
): Promise<PricedCart | undefined> {
  const rows = await statements.run(priceCartStatement, [
    restaurantId,
    lines.map((line) => line.menuItemId),
    lines.map((line) => line.quantity),
    maxTotal,
    tip,
    choiceLists(lines),
  ]);
  const [first] = rows;
  if (!first) return undefined;
  return {
    restaurantName: first.restaurant_name,
    currencySymbol: first.currency_symbol,
    restaurantLatitude: first.latitude,
    restaurantLongitude: first.longitude,
    commissionBps: first.commission_bps,
    totalAmount: Number(first.total),
    commissionAmount: Number(first.commission),
    lines: rows.map((row, index) => pricedLine(row, lines[index]!)),
  };
}

/** Each line's choice ids as pricedCart's `choiceIds` takes them. */
export const choiceLists = (lines: readonly CartLine[]): string[] => lines.map((line) => line.choiceIds.join(','));

/** A row of pricedCart (all lines, in cart order) with its cart line: what the order keeps of it. */
export const pricedLine = (
  row: Pick<PricedLineRow, 'menu_item_id' | 'name' | 'quantity' | 'price' | 'choices'>,
  line: CartLine,
): PricedLine => ({
  menuItemId: row.menu_item_id,
  name: row.name,
  quantity: row.quantity,
  price: row.price,
  choiceIds: line.choiceIds,
  choices: row.choices,
});

import { and, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PageQuery } from '@shared/paging.js';
import type { OrderStatus } from '@shared/orders/status.js';
import type { Queryable } from '../db/client.js';
import { afterCursor, newestFirst } from '../db/keyset.js';
import { containing } from '../db/like.js';
import { orders, payments, profiles, restaurants } from '../db/schema.js';
import type { UuidRange } from './idPrefix.js';
import { listedColumns, orderKeys } from './listsRepository.js';

/** The profiles of an order's driver and of the admin who closed it, for the admin's list. */
const driverProfiles = alias(profiles, 'driver_profile');
const closerProfiles = alias(profiles, 'closer_profile');
const { itemCount: _itemCount, ...adminListedColumns } = listedColumns;
export type AdminOrderRow = Awaited<ReturnType<typeof listAdminOrderRows>>[number];

/**
 * Order Management's page: what every list has but the item count, with the names of the driver
 * the order has or had and of the admin who closed it by hand, in one statement; `filter` as for
 * listOrderRows.
 */
export function listAdminOrderRows(db: Queryable, filter: SQL | undefined, page: PageQuery) {
  return db
    .select({ ...adminListedColumns, driverName: driverProfiles.fullName, closedByName: closerProfiles.fullName })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .innerJoin(profiles, eq(profiles.id, orders.customerId))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .leftJoin(driverProfiles, eq(driverProfiles.id, orders.driverId))
    .leftJoin(closerProfiles, eq(closerProfiles.id, orders.closedBy))
    .where(and(filter, afterCursor(orderKeys, page.cursor)))
    .orderBy(...newestFirst(orderKeys))
    .limit(page.limit + 1);
}

/**
 * Order Management's text search over a million orders and more, in two round trips, each served
 * by indexes whatever the text:
 *
 * 1. findNameMatches: the restaurants and the people whose name contains the text
 *    (restaurants_name_trgm_idx, profiles_full_name_trgm_idx), at most NAME_MATCHES_MAX + 1 of
 *    each;
 * 2. listAdminOrderRows over the ids that searchedOrderIds picks: a union of streams, each the newest
 *    `limit + 1` orders after the cursor (in the status, if one is asked) of one kind of match,
 *    from which the newest `limit + 1` are kept:
 *    - an order id prefix: a range of the primary key (idPrefix.ts), a few rows;
 *    - each matched restaurant and each matched customer: its own newest orders, read from
 *      orders_restaurant_idx / orders_restaurant_status_idx / orders_customer_idx (a LATERAL join
 *      over the matched ids), so the work is at most `limit + 1` index rows per match, however old
 *      its orders are;
 *    - a name that more than NAME_MATCHES_MAX restaurants or people share: matches are then
 *      dense, so the newest orders (orders_created_idx, or orders_status_idx for a status) are
 *      read in turn and kept when their restaurant's or customer's name contains the text.
 */

export const NAME_MATCHES_MAX = 500;

export interface NameMatches {
  restaurantIds: string[];
  customerIds: string[];
}

/** Restaurants and people whose name contains `text` (any letter case); more than NAME_MATCHES_MAX of a kind means many. */
export async function findNameMatches(db: Queryable, text: string): Promise<NameMatches> {
  const pattern = containing(text);
  const [restaurantRows, peopleRows] = await Promise.all([
    db
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(ilike(restaurants.name, pattern))
      .limit(NAME_MATCHES_MAX + 1),
    db
      .select({ id: profiles.id })
      .from(profiles)
      .where(ilike(profiles.fullName, pattern))
      .limit(NAME_MATCHES_MAX + 1),
  ]);
  return { restaurantIds: restaurantRows.map((row) => row.id), customerIds: peopleRows.map((row) => row.id) };
}

export interface OrderTextSearch {
  status: OrderStatus | undefined;
  /** The text as typed; names contain it. */
  text: string;
  /** The ids it is the start of, when it could start one. */
  idRange: UuidRange | undefined;
  names: NameMatches;
}

/** An order of a stream; streams read orders under this name. */
const o = alias(orders, 'o');
const streamKeys = { createdAt: o.createdAt, id: o.id };

/**
 * The condition picking the ids of one page of the search (see above), or undefined when nothing
 * can match. The streams already start after the cursor; listAdminOrderRows orders and cuts the page.
 */
export function searchedOrderIds(search: OrderTextSearch, page: PageQuery): SQL | undefined {
  const take = page.limit + 1;
  const narrow = and(search.status ? eq(o.status, search.status) : undefined, afterCursor(streamKeys, page.cursor)) ?? sql`true`;
  const newest = sql`order by ${o.createdAt} desc, ${o.id} desc limit ${take}`;
  const fromOrders = sql.raw('from orders as o');
  const streams: SQL[] = [];

  if (search.idRange) {
    const { from, to } = search.idRange;
    const range = and(sql`${o.id} >= ${from}::uuid`, to ? sql`${o.id} < ${to}::uuid` : undefined);
    streams.push(sql`(select ${o.id}, ${o.createdAt} ${fromOrders} where ${range} and ${narrow} ${newest})`);
  }

  const perMatch = (ids: string[], column: 'restaurant_id' | 'customer_id') =>
    sql`(select found.id, found.created_at from unnest(${sql.param(ids)}::uuid[]) as matched(id) cross join lateral (
      select ${o.id}, ${o.createdAt} ${fromOrders} where ${sql.raw(`o.${column}`)} = matched.id and ${narrow} ${newest}
    ) as found)`;
  const pattern = containing(search.text);
  const byName = {
    restaurant_id: sql`exists (select 1 from restaurants r where r.id = ${o.restaurantId} and r.name ilike ${pattern})`,
    customer_id: sql`exists (select 1 from profiles p where p.id = ${o.customerId} and p.full_name ilike ${pattern})`,
  };
  const matches = [
    ['restaurant_id', search.names.restaurantIds],
    ['customer_id', search.names.customerIds],
  ] as const;
  for (const [column, ids] of matches) {
    if (ids.length === 0) continue;
    streams.push(
      ids.length > NAME_MATCHES_MAX
        ? sql`(select ${o.id}, ${o.createdAt} ${fromOrders} where ${byName[column]} and ${narrow} ${newest})`
        : perMatch(ids, column),
    );
  }

  if (streams.length === 0) return undefined;
  return sql`${orders.id} in (
    select id from (${sql.join(streams, sql` union `)}) as hits order by created_at desc, id desc limit ${take}
  )`;
}

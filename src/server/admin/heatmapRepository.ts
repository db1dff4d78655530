import { sql } from 'drizzle-orm';
import { HEATMAP_STATUSES, type HeatmapCell } from '@shared/admin/heatmap.js';
import type { Database } from '../db/client.js';
import { statement } from '../db/statements.js';

/**
 * SQL of the order heat map (decision 010). Cells are whole 1/10,000 degrees computed by the
 * database's heatmap_cell() (the heatmap migration, 0010_heatmap), the same rule as shared cellOf().
 */

/** The counted orders: the literal list the partial index orders_heatmap_idx is declared with, so the planner can use it. */
const COUNTED = `status in (${HEATMAP_STATUSES.map((status) => `'${status}'`).join(', ')})
    and delivery_latitude is not null and delivery_longitude is not null`;

interface CellRow {
  /** Null on the one row of an empty map, which carries only the totals. */
  lat_cell: number | null;
  lng_cell: number | null;
  orders: number | null;
  total_locations: number;
  total_orders: number;
}

/**
 * Memory for grouping a period's orders: 90 days of a million orders a year make about 130,000
 * places, some 20 MB of hash table. With PostgreSQL's default 4 MB the grouping spills to disk in
 * batches and takes twice as long, so the statement raises it for its own transaction only.
 */
const GROUPING_WORK_MEM = '64MB';

/**
 * The busiest cells of the orders placed since `since`, at most `limit`, with the totals over
 * every cell: an index-only range scan of orders_heatmap_idx, grouped once. One row with null
 * cells when there is none.
 */
const sinceQuery = (since: Date, limit: number) => sql`
  with cells as materialized (
    select heatmap_cell(delivery_latitude) as lat_cell, heatmap_cell(delivery_longitude) as lng_cell, count(*)::int as orders
    from orders
    where ${sql.raw(COUNTED)} and created_at >= ${since.toISOString()}::timestamptz
    group by 1, 2
  ), totals as (
    select count(*)::int as total_locations, coalesce(sum(orders), 0)::float8 as total_orders from cells
  )
  select c.lat_cell, c.lng_cell, c.orders, t.total_locations, t.total_orders
  from totals t
  left join lateral (select * from cells order by orders desc, lat_cell, lng_cell limit ${limit}) c on true
  order by c.orders desc, c.lat_cell, c.lng_cell`;

/**
 * The busiest cells of all time, at most $1, from the per-cell counts the trigger keeps
 * (heatmap_busiest_idx gives them in order), with the totals over every cell.
 */
const allTimeStatement = statement<[limit: number], CellRow>(
  'admin_heatmap_all_time',
  `
  with totals as (
    select count(*)::int as total_locations, coalesce(sum(orders), 0)::float8 as total_orders from heatmap_places
  )
  select c.lat_cell, c.lng_cell, c.orders, t.total_locations, t.total_orders
  from totals t
  left join lateral (
    select lat_cell, lng_cell, orders from heatmap_places order by orders desc, lat_cell, lng_cell limit $1
  ) c on true
  order by c.orders desc, c.lat_cell, c.lng_cell`,
);

export interface HeatmapCells {
  /** Busiest first, at most the limit asked for. */
  cells: HeatmapCell[];
  totalLocations: number;
  totalOrders: number;
}

function toCells(rows: CellRow[]): HeatmapCells {
  const cells: HeatmapCell[] = [];
  for (const row of rows) {
    if (row.lat_cell !== null && row.lng_cell !== null && row.orders !== null) {
      cells.push({ latCell: row.lat_cell, lngCell: row.lng_cell, orderCount: row.orders });
    }
  }
  return { cells, totalLocations: rows[0]?.total_locations ?? 0, totalOrders: rows[0]?.total_orders ?? 0 };
}

/** The busiest cells of the orders placed since `since` (null: all time), at most `limit`. */
export async function busiestCells(database: Database, since: Date | null, limit: number): Promise<HeatmapCells> {
  if (!since) return toCells(await database.statements.run(allTimeStatement, [limit]));
  const rows = await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local work_mem = '${GROUPING_WORK_MEM}'`));
    const result = (await tx.execute(sinceQuery(since, limit))) as { rows: CellRow[] };
    return result.rows;
  });
  return toCells(rows);
}

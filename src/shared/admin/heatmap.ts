import { z } from 'zod';
import type { OrderStatus } from '../orders/status.js';
import { countOf, plural } from '../plural.js';

/**
 * The order heat map (/admin/verification, 'Verification & Analytics', decision 010): where orders
 * are delivered, as places on a grid of 4 decimal degrees (about 11 m), each with its number of
 * orders. The server groups in SQL (src/server/admin/heatmap*.ts); the rules it follows are written
 * here once, as pure functions, so that the client draws with the same numbers and the tests can
 * say what the SQL must answer.
 */

/**
 * The orders the map counts: every order that reached 'ready' and so is, or was, on its way to the
 * door: ready, picked_up and delivered, and 'accepted' (a driver heading to the restaurant,
 * decision 003), which lies between ready and picked_up, so it counts too, or an order would leave
 * the map while its driver rides to the kitchen and come back at pick-up. An order an admin cancels
 * after it was ready (possible until pickup) leaves the count: it never reached the door.
 */
export const HEATMAP_STATUSES = ['ready', 'accepted', 'picked_up', 'delivered'] as const satisfies readonly OrderStatus[];

export const HEATMAP_PERIODS = ['7d', '30d', '90d', 'all'] as const;
export type HeatmapPeriod = (typeof HEATMAP_PERIODS)[number];

export const HEATMAP_PERIOD_LABELS: Record<HeatmapPeriod, string> = {
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  all: 'All time',
};

/** How far back each period reaches from now, in days (orders placed since then); null for no limit. */
const HEATMAP_PERIOD_DAYS: Record<HeatmapPeriod, number | null> = { '7d': 7, '30d': 30, '90d': 90, all: null };

const DAY_MS = 86_400_000;

/** The first instant a period covers, counted back from `now`; null for all time. */
export function heatmapPeriodStart(period: HeatmapPeriod, now: Date): Date | null {
  const days = HEATMAP_PERIOD_DAYS[period];
  return days === null ? null : new Date(now.getTime() - days * DAY_MS);
}

/**
 * The most places one answer carries, busiest first. A city's deliveries spread over tens of
 * thousands of 11 m cells; a map with more circles than this is unreadable and slow to draw on a
 * phone, and the busiest ones are what the map is for. The totals still count every place.
 */
export const MAX_HEATMAP_LOCATIONS = 2000;

/** Places are cells of this many decimals of a degree: 4, about 11 m at the equator. */
export const HEATMAP_DECIMALS = 4;
const SCALE = 10 ** HEATMAP_DECIMALS;

/**
 * The cell of a latitude or longitude, as a whole number of 1/10,000 degrees: the coordinate
 * times 10,000, rounded to the nearest whole number, ties to the even one. This is exactly what
 * PostgreSQL's round(double precision) does with `coordinate * 10000` (it calls rint), so the
 * server's SQL and this function put every order in the same cell.
 */
export function cellOf(coordinate: number): number {
  const scaled = coordinate * SCALE;
  // + 0 turns -0 into 0, as the database's integer has no negative zero.
  const floor = Math.floor(scaled) + 0;
  const rest = scaled - floor;
  if (rest < 0.5) return floor;
  if (rest > 0.5) return floor + 1;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** A cell back in degrees: 56037 is 5.6037. */
export const cellCoordinate = (cell: number) => cell / SCALE;

/** A place with 10 orders or more is drawn at full strength; fewer, in proportion. */
const FULL_INTENSITY_ORDERS = 10;
export const intensityOf = (orderCount: number) => Math.min(orderCount / FULL_INTENSITY_ORDERS, 1);

/** How a place is drawn: a red circle growing and darkening with its intensity. */
const HEATMAP_CIRCLE = { colour: '#dc2626', weight: 2 } as const;
export function circleStyle(intensity: number) {
  return {
    radius: 10 + intensity * 30,
    fillOpacity: 0.3 + intensity * 0.5,
    weight: HEATMAP_CIRCLE.weight,
    color: HEATMAP_CIRCLE.colour,
    fillColor: HEATMAP_CIRCLE.colour,
  };
}

export const heatmapQuerySchema = z.object({
  period: z.enum(HEATMAP_PERIODS, { message: `The period is one of ${HEATMAP_PERIODS.join(', ')}` }).default('all'),
});

const heatmapLocationSchema = z.object({
  /** The cell's centre, to 4 decimals. */
  lat: z.number(),
  lng: z.number(),
  orderCount: z.number().int().positive(),
  /** min(orderCount / 10, 1). */
  intensity: z.number().min(0).max(1),
  /** The neighbourhood within 1.5 km ('Osu, Accra'), or null when none is that close (neighbourhoods.ts). */
  name: z.string().nullable(),
});
export type HeatmapLocation = z.infer<typeof heatmapLocationSchema>;

export const heatmapSchema = z.object({
  period: z.enum(HEATMAP_PERIODS),
  /** The period's first instant; null for all time. */
  from: z.iso.datetime().nullable(),
  /** At most MAX_HEATMAP_LOCATIONS places, busiest first (ties: south to north, then west to east). */
  locations: z.array(heatmapLocationSchema),
  /** Every place with an order in the period, also those beyond the cap. */
  totalLocations: z.number().int().nonnegative(),
  /** Every counted order of the period. */
  totalOrders: z.number().int().nonnegative(),
  /** The cap the server applied (MAX_HEATMAP_LOCATIONS). */
  limit: z.number().int().positive(),
});
export type Heatmap = z.infer<typeof heatmapSchema>;

/** A delivery point of one counted order. */
export interface DeliveryPoint {
  lat: number;
  lng: number;
}

export interface HeatmapCell {
  latCell: number;
  lngCell: number;
  orderCount: number;
}

/** Busiest first; among equals, south to north, then west to east, so the order never depends on the database. */
export const busiestFirst = (a: HeatmapCell, b: HeatmapCell) =>
  b.orderCount - a.orderCount || a.latCell - b.latCell || a.lngCell - b.lngCell;

/**
 * The grouping rule itself: each order adds 1 to the cell of its delivery point. The server does
 * this in SQL over millions of orders; this is the same rule over a list, for tests and checks.
 */
export function groupIntoCells(points: readonly DeliveryPoint[]): HeatmapCell[] {
  const cells = new Map<string, HeatmapCell>();
  for (const point of points) {
    const latCell = cellOf(point.lat);
    const lngCell = cellOf(point.lng);
    const key = `${latCell}:${lngCell}`;
    const cell = cells.get(key);
    if (cell) cell.orderCount += 1;
    else cells.set(key, { latCell, lngCell, orderCount: 1 });
  }
  return [...cells.values()].sort(busiestFirst);
}

/** A cell as the map shows it, named by `nameOf` (the nearest neighbourhood, or null). */
export const toLocation = (cell: HeatmapCell, nameOf: (lat: number, lng: number) => string | null): HeatmapLocation => {
  const lat = cellCoordinate(cell.latCell);
  const lng = cellCoordinate(cell.lngCell);
  return { lat, lng, orderCount: cell.orderCount, intensity: intensityOf(cell.orderCount), name: nameOf(lat, lng) };
};

/** The three cards: places, orders, and orders per place to one decimal ('0.0' for none). */
export function heatmapTotals(heatmap: Pick<Heatmap, 'totalLocations' | 'totalOrders'>) {
  const average = heatmap.totalLocations === 0 ? 0 : heatmap.totalOrders / heatmap.totalLocations;
  return { locations: heatmap.totalLocations, orders: heatmap.totalOrders, averagePerLocation: average.toFixed(1) };
}

const TOP_AREAS = 5;

/** The 'Top Delivery Areas' list: the busiest places (the locations come busiest first). */
export const topAreas = (locations: readonly HeatmapLocation[]) => locations.slice(0, TOP_AREAS);

/** A place in words: its neighbourhood, or its coordinates to 4 decimals. */
export const placeLabel = (location: Pick<HeatmapLocation, 'lat' | 'lng' | 'name'>) =>
  location.name ?? `${location.lat.toFixed(HEATMAP_DECIMALS)}, ${location.lng.toFixed(HEATMAP_DECIMALS)}`;

export const ordersLabel = (count: number) => countOf(count, 'order');

/** Without any place, the map opens on central Accra (the default centre of every map), as it does on a single place. */
export const HEATMAP_FALLBACK_CENTER = { lat: 5.6037, lng: -0.187 } as const;
export const HEATMAP_ZOOM = 12;
/** Places close together are shown this close at most, so a few streets apart never fill the whole map. */
export const HEATMAP_MAX_FIT_ZOOM = 15;

/**
 * The room (px) kept inside the map's edges when it fits its places: the largest circle's radius
 * and outline, and a margin, so no circle is cut off however it sits.
 */
export function fitPadding(locations: readonly Pick<HeatmapLocation, 'intensity'>[]): number {
  const largest = Math.max(0, ...locations.map((location) => circleStyle(location.intensity).radius));
  return largest + HEATMAP_CIRCLE.weight + 8;
}

export const HEATMAP_MESSAGES = {
  title: 'Order Heat Map',
  empty: 'No order location data available yet. Orders need delivery coordinates to appear here.',
  loadFailed: 'Error loading heat map data',
  topAreas: 'Top Delivery Areas',
} as const;

/** The subtitle under the title: how many places the map tracks, and whether it shows only the busiest. */
export function trackedLocationsLine(heatmap: Pick<Heatmap, 'totalLocations' | 'locations'>): string {
  const total = heatmap.totalLocations.toLocaleString('en-US');
  const noun = plural(heatmap.totalLocations, 'location');
  if (heatmap.locations.length < heatmap.totalLocations) {
    return `Showing the ${heatmap.locations.length.toLocaleString('en-US')} busiest of ${total} tracked delivery ${noun}`;
  }
  return `Tracking ${total} delivery ${noun}`;
}

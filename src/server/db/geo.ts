import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Distances in SQL, with earthdistance over cube (decision 008): `ll_to_earth` turns a position
 * into a point on a sphere of the radius earthdistance's earth() gives (the same radius as the
 * shared distanceMeters, so the server and the browser measure alike).
 */

/** The point of two columns, written as the GiST index drivers_dispatch_position_idx writes it. */
export const earthOf = (latitude: SQLWrapper, longitude: SQLWrapper) => sql`ll_to_earth(${latitude}, ${longitude})`;

/** The point of two values (or placeholders). */
export const earthAt = (latitude: unknown, longitude: unknown) => sql`ll_to_earth(${latitude}::float8, ${longitude}::float8)`;

/** Metres between two points along the earth's surface. */
export const metresBetween = (a: SQL, b: SQL) => sql<number>`earth_distance(${a}, ${b})`;

/**
 * `point` lies within `radiusMeters` of `center`: the box narrows the search to what a GiST index
 * answers, the distance keeps the exact radius.
 */
export const within = (center: SQL, point: SQL, radiusMeters: unknown) =>
  sql`earth_box(${center}, ${radiusMeters}::float8) @> ${point} and ${metresBetween(center, point)} <= ${radiusMeters}::float8`;

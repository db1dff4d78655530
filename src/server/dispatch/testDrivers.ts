import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DriverPosition } from '@shared/drivers/schemas.js';
import { commissionSettings, dispatchOffers, drivers } from '../db/schema.js';
import { createUser, type TestUser } from '../test/accounts.js';
import type { TestContext } from '../test/app.js';
import { waitForJobs } from '../test/jobs.js';
import { expireOffer } from './offers.js';

/** Test data for dispatch: drivers placed around the test restaurant (testFixtures.ts puts it in Osu, Accra). */

const RESTAURANT_PLACE: DriverPosition = { latitude: 5.556, longitude: -0.1826 };

/** The point `km` kilometres north of `from` (a degree of latitude is about 111.2 km). */
export const northOf = (km: number, from: DriverPosition = RESTAURANT_PLACE): DriverPosition => ({
  latitude: from.latitude + km / 111.2,
  longitude: from.longitude,
});

export interface PlacedDriverOptions {
  verified?: boolean;
  available?: boolean;
  /** How long ago the position was sent; fresh by default. */
  positionAgeMs?: number;
  fullName?: string;
}

/** A signed-in driver whose last position is `place`, verified and online unless told otherwise. */
export async function driverAt(t: TestContext, place: DriverPosition, options: PlacedDriverOptions = {}): Promise<TestUser> {
  const verified = options.verified ?? true;
  const driver = await createUser(t, {
    role: 'driver',
    verifiedDriver: verified,
    available: options.available ?? verified,
    ...(options.fullName ? { fullName: options.fullName } : {}),
  });
  await t.app.db
    .update(drivers)
    .set({
      latitude: place.latitude,
      longitude: place.longitude,
      lastLocationUpdate: sql`now() - ${options.positionAgeMs ?? 0}::float8 * interval '1 millisecond'`,
    })
    .where(eq(drivers.userId, driver.userId));
  return driver;
}

/** Sets how many orders a rider may carry at once (batching), as admin Settings does. */
export async function carryAtMost(t: TestContext, maxCarriedOrders: number): Promise<void> {
  await t.app.db.update(commissionSettings).set({ maxCarriedOrders });
}

/** The driver the order is offered to now (its open offer), or null. */
export async function offeredTo(t: TestContext, orderId: string): Promise<string | null> {
  const [offer] = await t.app.db
    .select({ driverId: dispatchOffers.driverId })
    .from(dispatchOffers)
    .where(and(eq(dispatchOffers.orderId, orderId), isNull(dispatchOffers.answer)));
  return offer?.driverId ?? null;
}

/**
 * Waits until every `offer-rider` job queued (a rider going online, a cash hand-in) has run: what
 * they offer is offered after the request's commit. Fails when none was queued.
 */
export const offersToRidersRun = (t: TestContext) =>
  waitForJobs(t.app.db, 'offer-rider', (jobs) => jobs.length > 0 && jobs.every((job) => job.state === 'completed'));

/** Every offer of the order, oldest first: to whom, and how it ended (null while open). */
export async function offersOf(t: TestContext, orderId: string) {
  return t.app.db
    .select({ id: dispatchOffers.id, driverId: dispatchOffers.driverId, answer: dispatchOffers.answer })
    .from(dispatchOffers)
    .where(eq(dispatchOffers.orderId, orderId))
    .orderBy(asc(dispatchOffers.offeredAt), asc(dispatchOffers.id));
}

/** Lets the order's open offer run out, as if its time were up, and runs the offer-expiry job for it. */
export async function letOfferRunOut(t: TestContext, orderId: string): Promise<void> {
  const [offer] = await t.app.db
    .update(dispatchOffers)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(and(eq(dispatchOffers.orderId, orderId), isNull(dispatchOffers.answer)))
    .returning({ id: dispatchOffers.id });
  if (!offer) throw new Error('the order has no open offer');
  await expireOffer(t.app, offer.id);
}

/** The driver accepts the order (from an offer or the list): the kitchen-to-driver move. */
export const acceptAs = (t: TestContext, driver: TestUser, orderId: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/orders/${orderId}/status`,
    headers: driver.authHeader,
    payload: { status: 'accepted' },
  });

/** The driver declines the order offered to them, or gives back one they accepted. */
export const declineAs = (t: TestContext, driver: TestUser, orderId: string) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/decline`, headers: driver.authHeader });

import { and, eq, isNull, sql } from 'drizzle-orm';
import { MISSED_OFFERS_LIMIT } from '@shared/drivers/schemas.js';
import type { Queryable } from '../db/client.js';
import { dispatchOffers, drivers, type OFFER_ANSWERS } from '../db/schema.js';

/** SQL of offers (offers.ts): an offer is open while its answer is null. */

export type OfferAnswer = (typeof OFFER_ANSWERS)[number];

const isOpen = isNull(dispatchOffers.answer);

const offerColumns = {
  id: dispatchOffers.id,
  orderId: dispatchOffers.orderId,
  driverId: dispatchOffers.driverId,
  expiresAt: dispatchOffers.expiresAt,
  /** By the database's clock, which every instance shares. */
  expired: sql<boolean>`${dispatchOffers.expiresAt} <= now()`,
};

/** Offers the order to the driver for `seconds`, from the database's now. */
export async function insertOffer(db: Queryable, orderId: string, driverId: string, seconds: number) {
  const [offer] = await db
    .insert(dispatchOffers)
    .values({ orderId, driverId, expiresAt: sql`now() + ${seconds}::int * interval '1 second'` })
    .returning({ id: dispatchOffers.id, expiresAt: dispatchOffers.expiresAt });
  if (!offer) throw new Error('the offer was not written');
  return offer;
}

/** The open offer of an order, or the one a driver holds, locked until the transaction ends; undefined when there is none. */
export async function lockOpenOffer(db: Queryable, of: { orderId: string } | { driverId: string }) {
  const whose = 'orderId' in of ? eq(dispatchOffers.orderId, of.orderId) : eq(dispatchOffers.driverId, of.driverId);
  const [offer] = await db.select(offerColumns).from(dispatchOffers).where(and(whose, isOpen)).for('update');
  return offer;
}

/** An offer, open or answered; undefined when there is none. */
export async function findOffer(db: Queryable, offerId: string) {
  const [offer] = await db
    .select({ ...offerColumns, open: sql<boolean>`${isOpen}` })
    .from(dispatchOffers)
    .where(eq(dispatchOffers.id, offerId));
  return offer;
}

/** Answers an open offer; false when it was answered already (the other side of a race won). */
export async function answerOffer(db: Queryable, offerId: string, answer: OfferAnswer): Promise<boolean> {
  const answered = await db
    .update(dispatchOffers)
    .set({ answer, answeredAt: sql`now()` })
    .where(and(eq(dispatchOffers.id, offerId), isOpen))
    .returning({ id: dispatchOffers.id });
  return answered.length > 0;
}

/**
 * Counts a missed offer against the driver; the MISSED_OFFERS_LIMIT-th in a row makes them
 * unavailable (and starts the count again). Whether it did.
 */
export async function countMissedOffer(db: Queryable, driverId: string): Promise<boolean> {
  const reachesLimit = sql`${drivers.missedOffers} + 1 >= ${MISSED_OFFERS_LIMIT}`;
  const [row] = await db
    .update(drivers)
    .set({
      missedOffers: sql`case when ${reachesLimit} then 0 else ${drivers.missedOffers} + 1 end`,
      isAvailable: sql`case when ${reachesLimit} then false else ${drivers.isAvailable} end`,
      pausedForMissesAt: sql`case when ${reachesLimit} then now() else ${drivers.pausedForMissesAt} end`,
    })
    .where(eq(drivers.userId, driverId))
    .returning({ paused: sql<boolean>`${drivers.pausedForMissesAt} is not distinct from now()` });
  return row?.paused ?? false;
}

/** The driver answered an offer: the count of missed ones in a row starts again. */
export async function clearMissedOffers(db: Queryable, driverId: string): Promise<void> {
  await db
    .update(drivers)
    .set({ missedOffers: 0 })
    .where(and(eq(drivers.userId, driverId), sql`${drivers.missedOffers} > 0`));
}

import { z } from 'zod';
import { VEHICLE_TYPES } from '../auth/schemas.js';

/**
 * The driver's side (the driver dashboard): the driver's own status, the positions they send, going
 * online, and the delivery code they take from the customer.
 */

/** Positions go at least every 30 s, and whenever the driver moved more than 50 m. */
export const LOCATION_SEND_INTERVAL_MS = 30_000;
export const LOCATION_SEND_DISTANCE_M = 50;
/** Geolocation options for the driver's position: high accuracy, 5 s timeout, no cached position. */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 5_000, maximumAge: 0 };
/** Dispatch only considers drivers whose last position is this recent. */
export const POSITION_FRESH_MS = 120_000;
/** The default dispatch radius around the restaurant (DISPATCH_RADIUS_KM overrides it). */
export const DEFAULT_DISPATCH_RADIUS_KM = 10;
/** How long a rider has to answer an offer by default (DISPATCH_OFFER_SECONDS overrides it). */
export const DEFAULT_OFFER_SECONDS = 45;
/** Offers a rider may let run out in a row before dispatch makes them unavailable. */
export const MISSED_OFFERS_LIMIT = 3;
/** Wrong delivery codes allowed before the order locks (DESIGN section 4). */
export const MAX_CODE_ATTEMPTS = 5;

export const DRIVER_MESSAGES = {
  geolocationUnsupported: 'Geolocation is not supported by your browser',
  waitingVerification: 'Your account is waiting for verification',
  notVerified: 'Your account is waiting for verification. An admin must verify you before you can take orders.',
  offline: 'Go online to take orders',
  unavailable: 'You are unavailable: switch Available on to take orders',
  availabilityFailed: 'Failed to update availability',
  availabilityTooOften: (after: string) =>
    `You have gone online and offline many times in a short time. Please try again in ${after}.`,
  nowAvailable: 'You are now available',
  nowUnavailable: 'You are now unavailable',
  acceptFailed: 'Failed to accept order',
  accepted: 'Order accepted',
  acceptedDescription: 'Head to the restaurant to pick it up',
  updateFailed: 'Failed to update order',
  pickedUp: 'Order picked up',
  completeFailed: 'Failed to complete delivery',
  completed: 'Delivery completed',
  completedDescription: 'The customer has been notified',
  invalidCodeTitle: 'Invalid Code',
  invalidCode: 'Please enter the correct delivery code from the customer',
  invalidCodeLastTry:
    'That code is wrong, and you have one try left: another wrong code locks this delivery until support unlocks it. Please check the code with the customer.',
  codeLocked: 'Too many wrong codes: this delivery is locked. Please contact support to unlock it.',
  trackingStarted: 'Location tracking started',
  trackingStopped: 'Location tracking stopped',
  declined: 'Order declined',
  newOrder: 'New order ready for pickup',
  offer: 'New order offered to you',
  offerAccept: 'Accept Offer',
  offerDecline: 'Decline',
  offerDeclined: 'Offer declined',
  offeredToAnother: 'This order is being offered to another driver',
  offerExpired: 'This offer has run out',
  pausedForMisses: `You missed ${MISSED_OFFERS_LIMIT} offers in a row, so you are now unavailable. Switch Available on when you are ready for orders.`,
  assigned: 'You have been assigned an order',
  takenFromYou: 'An order was taken off you',
  takenFromYouDescription: (shortId: string) => `The operations team moved order ${shortId}: you no longer deliver it.`,
  noAvailable: 'No available orders at the moment',
  noDeliveries: 'No active deliveries',
  notDriver: 'Only drivers have a driver status',
} as const;

/** Messages of the kitchen's 'Mark Ready': whether dispatch found a driver for the order. */
export const DISPATCH_MESSAGES = {
  offered: 'Offered to a Driver',
  offeredDescription: (driverName: string, seconds: number) =>
    `${driverName} has ${seconds} s to accept it; if they do not, the next nearest driver is asked`,
  noDriver: 'No Driver Available',
  noDriverDescription: 'The operations team has been alerted.',
} as const;

/** A position a driver sends: PUT /api/drivers/me/location. The server stamps the time itself. */
export const driverPositionSchema = z.object({
  latitude: z
    .number({ message: 'Latitude must be a number from -90 to 90' })
    .min(-90, 'Latitude must be a number from -90 to 90')
    .max(90, 'Latitude must be a number from -90 to 90'),
  longitude: z
    .number({ message: 'Longitude must be a number from -180 to 180' })
    .min(-180, 'Longitude must be a number from -180 to 180')
    .max(180, 'Longitude must be a number from -180 to 180'),
});
export type DriverPosition = z.infer<typeof driverPositionSchema>;

/** The answer to a position: what the server stored and when it received it. */
export const storedPositionSchema = driverPositionSchema.extend({ lastLocationUpdate: z.iso.datetime() });
export type StoredPosition = z.infer<typeof storedPositionSchema>;

/** PATCH /api/drivers/me/availability. */
export const availabilitySchema = z.object({ available: z.boolean({ message: 'available must be true or false' }) });

/** GET /api/drivers/me (and the answer to availability): the driver's own row. */
export const driverStatusSchema = z.object({
  userId: z.uuid(),
  fullName: z.string(),
  isVerified: z.boolean(),
  isAvailable: z.boolean(),
  /** Dispatch made the driver unavailable after offers missed in a row; false again once they set availability. */
  pausedForMissedOffers: z.boolean(),
  /** How many orders a driver may carry at once (batching, admin Settings). */
  maxCarriedOrders: z.number().int(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  lastLocationUpdate: z.iso.datetime().nullable(),
  vehicleType: z.enum(VEHICLE_TYPES),
  vehicleModel: z.string(),
  plateNumber: z.string(),
});
export type DriverStatus = z.infer<typeof driverStatusSchema>;

/** The customer's 6-digit code, digits only, which the driver needs to deliver: POST /api/orders/:id/deliver. */
export const deliveryCodeSchema = z.object({
  code: z.string({ message: 'The delivery code is 6 digits' }).regex(/^[0-9]{6}$/, 'The delivery code is 6 digits'),
});
export type DeliveryCodeInput = z.infer<typeof deliveryCodeSchema>;

/** What the code field keeps of what is typed: digits only, 6 at most. */
export const cleanDeliveryCode = (text: string) => text.replace(/[^0-9]/g, '').slice(0, 6);

/** The driver a customer sees while their order is on its way (My Orders). */
export const orderDriverSchema = z.object({
  firstName: z.string(),
  vehicleType: z.enum(VEHICLE_TYPES),
  vehicleModel: z.string(),
  plateNumber: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  lastLocationUpdate: z.iso.datetime().nullable(),
});
export type OrderDriver = z.infer<typeof orderDriverSchema>;

/** What 'Mark Ready' did about a driver: the kitchen's toast. */
export const dispatchOutcomeSchema = z.discriminatedUnion('offered', [
  z.object({ offered: z.literal(true), driverName: z.string(), seconds: z.number().int() }),
  z.object({ offered: z.literal(false) }),
]);
export type DispatchOutcome = z.infer<typeof dispatchOutcomeSchema>;

/** The earth's radius as PostgreSQL's earthdistance takes it, so the server's distances and these agree. */
export const EARTH_RADIUS_M = 6_378_168;

/** Distance in metres between two points on the earth (great circle), for the 50 m rule and the customer's card. */
export function distanceMeters(a: DriverPosition, b: DriverPosition): number {
  const R = EARTH_RADIUS_M;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

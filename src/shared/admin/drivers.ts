import { z } from 'zod';
import { searchText } from '../search.js';
import { VEHICLE_TYPES } from '../auth/schemas.js';
import { riderCashSchema } from '../drivers/cash.js';
import { uuidSchema } from '../fields.js';
import { pageQuerySchema, pageSchema } from '../paging.js';

/** Driver Management (the admin area's Drivers tab): every driver, searched by name or plate and paged by the server. */

export const ADMIN_DRIVER_MESSAGES = {
  title: 'Driver Management',
  searchPlaceholder: 'Search drivers...',
  empty: 'No drivers found',
  loadFailed: 'Failed to load drivers',
  invalidId: 'That is not a valid driver id',
  notFound: 'No such driver',
  verified: 'Driver verified',
  unverified: 'Driver unverified',
  updateFailed: 'Failed to update driver verification',
  noLocation: 'No location yet',
} as const;

/** The three documents a driver sends at sign-up, as links signed for the admin who asked (they expire in an hour). */
const driverDocumentsSchema = z.object({
  driversLicense: z.string(),
  nationalId: z.string(),
  vehicleImage: z.string(),
});
export type DriverDocuments = z.infer<typeof driverDocumentsSchema>;

export const DRIVER_DOCUMENT_LABELS: Record<keyof DriverDocuments, string> = {
  driversLicense: "Driver's licence",
  nationalId: 'National ID',
  vehicleImage: 'Vehicle',
};

export const adminDriverViewSchema = z.object({
  userId: z.uuid(),
  fullName: z.string(),
  phone: z.string(),
  avatarUrl: z.string().nullable(),
  isVerified: z.boolean(),
  isAvailable: z.boolean(),
  vehicleType: z.enum(VEHICLE_TYPES),
  vehicleModel: z.string(),
  vehicleYear: z.number().int(),
  plateNumber: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  lastLocationUpdate: z.string().nullable(),
  documents: driverDocumentsSchema,
  /** The cash the driver holds from cash orders, per currency they ever collected in, with its limit (issue 22 item 4). */
  cash: z.array(riderCashSchema),
  createdAt: z.string(),
});
export type AdminDriverView = z.infer<typeof adminDriverViewSchema>;
export const adminDriverPageSchema = pageSchema(adminDriverViewSchema);

/**
 * GET /api/admin/drivers?q=&cursor=&limit=&assignable=: q is found, in any letter case, in the name
 * or the plate; assignable=true keeps the drivers support may give an order to (verified, enabled,
 * with no delivery on the road).
 */
export const adminDriversQuerySchema = pageQuerySchema.extend({
  q: searchText().optional(),
  assignable: z.stringbool({ error: 'assignable is true or false' }).optional(),
});
export type AdminDriversQuery = z.output<typeof adminDriversQuerySchema>;

export const driverIdParamsSchema = z.object({ id: uuidSchema(ADMIN_DRIVER_MESSAGES.invalidId) });

/** PATCH /api/admin/drivers/:id/verified */
export const driverVerifiedChangeSchema = z.object({ verified: z.boolean({ message: 'Say whether the driver is verified' }) });

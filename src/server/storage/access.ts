import type { Role } from '@shared/auth/roles.js';
import type { Bucket } from '@shared/storage/buckets.js';

const EVERY_SIGNED_IN_USER = 'any';

/** Who may upload into each bucket: documents are the drivers' own, food pictures the kitchens'. */
const UPLOADERS: Record<Bucket, readonly Role[] | typeof EVERY_SIGNED_IN_USER> = {
  'profile-pictures': EVERY_SIGNED_IN_USER,
  'food-images': ['restaurant', 'manager', 'admin'],
  'driver-licenses': ['driver', 'admin'],
  'national-ids': ['driver', 'admin'],
  'vehicle-images': ['driver', 'admin'],
};

export function mayUploadTo(role: Role | null, bucket: Bucket): boolean {
  const allowed = UPLOADERS[bucket];
  if (allowed === EVERY_SIGNED_IN_USER) return true;
  return role !== null && allowed.includes(role);
}

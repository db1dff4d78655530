export const BUCKETS = [
  'profile-pictures',
  'driver-licenses',
  'national-ids',
  'vehicle-images',
  'food-images',
  'door-photos',
] as const;
export type Bucket = (typeof BUCKETS)[number];

/**
 * Driver documents, and the doors riders photograph closing a delivery as not available: readable
 * only by the driver who uploaded them and by admins, or through a link the API signed for a
 * viewer it authorised (the order's customer sees their door).
 */
const PRIVATE_BUCKETS: readonly Bucket[] = ['driver-licenses', 'national-ids', 'vehicle-images', 'door-photos'];
export const isPrivateBucket = (bucket: Bucket) => PRIVATE_BUCKETS.includes(bucket);

/** Buckets with a sub-folder per restaurant (food-images/{restaurant id}/{random}), so a restaurant's images stay together. */
const RESTAURANT_FOLDER_BUCKETS: readonly Bucket[] = ['food-images'];
export const hasRestaurantFolders = (bucket: Bucket) => RESTAURANT_FOLDER_BUCKETS.includes(bucket);

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MESSAGES = {
  notAnImage: 'Only JPEG, PNG, WebP or GIF images can be uploaded',
  tooLarge: 'Images must be 5 MB or smaller',
  mustSignIn: 'You must be logged in to upload images',
  noFolders: 'Only food pictures are kept in a restaurant folder',
} as const;

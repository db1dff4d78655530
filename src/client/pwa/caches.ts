// Relative, not @shared: vite.pwa.ts loads this file while the config is read, before any alias.
import { BUCKETS, isPrivateBucket } from '../../shared/storage/buckets.js';

/**
 * What the service worker keeps of the API for offline use, by cache name. Only public reads
 * and the signed-in customer's own orders: never a session, another user's data or a driver's
 * documents. The build (vite.pwa.ts) and the app (which empties PERSONAL on a change of user)
 * share these names.
 */
export const API_CACHES = {
  /**
   * Restaurants, their menus and the public settings: the same for everyone. Not a search
   * (`?q=`): whatever a customer types would push the restaurants and menus out.
   */
  public: { name: 'api-public', pattern: /\/api\/(?:config|restaurants(?:\/[0-9a-f-]{36}(?:\/menu)?)?)$/ },
  /** My Orders: the signed-in customer's own, so emptied when another user signs in on this device. */
  personal: { name: 'api-my-orders', pattern: /\/api\/orders\/mine(?:\?|$)/ },
  /** Food and profile pictures (public buckets only): their names change with their content. */
  images: {
    name: 'api-images',
    pattern: new RegExp(`/api/files/(?:${BUCKETS.filter((bucket) => !isPrivateBucket(bucket)).join('|')})/`),
  },
} as const;

/** Empties what the service worker saved of the signed-in user's own data (a sign-in or sign-out on this device). */
export async function forgetPersonalCache(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(API_CACHES.personal.name).catch(() => false);
}

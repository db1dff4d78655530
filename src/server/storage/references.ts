import type { Bucket } from '@shared/storage/buckets.js';
import { parseFileUrl } from '@shared/storage/urls.js';
import type { Queryable } from '../db/client.js';
import type { StorageService } from './service.js';

/**
 * Whether `url` names an image this user uploaded into one of `buckets` (and into `folder` of it,
 * when given: a menu item's picture must lie in its restaurant's folder). A restaurant or a menu
 * item may only point at its owner's own uploads, never at an outside address or someone else's file.
 */
export async function isOwnUpload(
  deps: { db: Queryable; storage: StorageService },
  url: string,
  ownerId: string,
  buckets: readonly Bucket[],
  folder?: string,
): Promise<boolean> {
  const parsed = parseFileUrl(url);
  const bucket = buckets.find((candidate) => candidate === parsed?.bucket);
  if (!parsed || !bucket) return false;
  if (folder !== undefined && parsed.folder !== folder) return false;
  const upload = await deps.storage.find(deps.db, bucket, parsed.fileName);
  return upload !== undefined && upload.ownerId === ownerId && upload.folder === parsed.folder;
}

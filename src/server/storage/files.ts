import { BUCKETS, isPrivateBucket, type Bucket } from '@shared/storage/buckets.js';
import { fileUrl } from '@shared/storage/urls.js';
import { comesInWidths, type ImageWidth } from '@shared/storage/widths.js';
import type { Queryable } from '../db/client.js';
import { notFound } from '../http/errors.js';
import type { AuthUser } from '../core/identity.js';
import { mayReadUpload } from '../policy.js';
import { MissingFileError } from './objectStore.js';
import type { StorageService } from './service.js';
import { verifyFileSignature } from './urls.js';

const FILE_NOT_FOUND = 'File not found';

export interface FileRequest {
  bucket: string;
  /** The bucket's sub-folder named in the path, or null: it must be the one the file was uploaded to. */
  folder: string | null;
  fileName: string;
  /** Query of a signed link, if the viewer holds one. */
  expires?: string;
  sig?: string;
  /** A smaller width of a food picture, or undefined for the file as stored. */
  width?: ImageWidth;
}

export interface ServedFile {
  data: Buffer;
  contentType: string;
  isPublic: boolean;
}

const isBucket = (value: string): value is Bucket => (BUCKETS as readonly string[]).includes(value);

/**
 * A stored file for this viewer. Refusals read exactly like a missing file, so nobody learns
 * which driver documents exist.
 */
export async function openFile(
  deps: { db: Queryable; storage: StorageService; secret: string },
  viewer: AuthUser | null,
  request: FileRequest,
): Promise<ServedFile> {
  const { bucket, folder, fileName, width } = request;
  // Decided by the bucket alone, before any lookup: the answer says nothing about which files exist.
  if (width !== undefined && !comesInWidths(bucket)) throw notFound(FILE_NOT_FOUND);
  const upload = isBucket(bucket) ? await deps.storage.find(deps.db, bucket, fileName) : undefined;
  if (!upload || upload.folder !== folder) throw notFound(FILE_NOT_FOUND);

  const signed =
    request.expires !== undefined &&
    request.sig !== undefined &&
    verifyFileSignature(
      deps.secret,
      fileUrl(upload.bucket, upload.fileName, upload.folder),
      Number(request.expires),
      request.sig,
    );
  if (!signed && !mayReadUpload(viewer, upload.bucket, upload.ownerId)) throw notFound(FILE_NOT_FOUND);

  const stored =
    width === undefined
      ? deps.storage.read(upload.bucket, upload.fileName, upload.folder)
      : deps.storage.readWidth(upload, width);
  const data = await stored.catch((error: unknown) => {
    if (error instanceof MissingFileError) throw notFound(FILE_NOT_FOUND);
    throw error;
  });
  return { data, contentType: upload.contentType, isPublic: !isPrivateBucket(upload.bucket) };
}

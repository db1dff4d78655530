import { and, asc, desc, eq, gt, or, type SQL } from 'drizzle-orm';
import {
  encodeVerificationCursor,
  type VerificationCursor,
  type VerificationDriver,
  type VerificationListQuery,
} from '@shared/admin/verificationList.js';
import { isPrivateBucket, type Bucket } from '@shared/storage/buckets.js';
import { fileUrl, parseFileUrl } from '@shared/storage/urls.js';
import type { AuthUser } from '../core/identity.js';
import type { Queryable } from '../db/client.js';
import { afterCursor, cursorMicros, type Keyset } from '../db/keyset.js';
import { drivers, profiles } from '../db/schema.js';
import { mayReadUpload } from '../policy.js';
import { signFileUrl } from '../storage/urls.js';
import { findLatestVerdicts } from '../verification/repository.js';

/**
 * The drivers of the 'Driver Verification' tab, drivers waiting for verification first, then
 * the newest, a page at a time by keyset (drivers_verification_list_idx serves the order): the
 * cursor names the last driver's group and (created_at, id), and the next page starts right
 * after it, in the same group or in the next.
 */

const keys: Keyset = { createdAt: drivers.createdAt, id: drivers.userId };

function afterVerificationCursor(cursor: VerificationCursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  return or(gt(drivers.isVerified, cursor.verified), and(eq(drivers.isVerified, cursor.verified), afterCursor(keys, cursor)));
}

function listRows(db: Queryable, query: VerificationListQuery) {
  return db
    .select({
      userId: drivers.userId,
      fullName: profiles.fullName,
      avatarUrl: profiles.avatarUrl,
      nationalIdUrl: drivers.nationalIdUrl,
      isVerified: drivers.isVerified,
      createdAt: drivers.createdAt,
      cursorMicros: cursorMicros(keys),
    })
    .from(drivers)
    .innerJoin(profiles, eq(profiles.id, drivers.userId))
    .where(afterVerificationCursor(query.cursor))
    .orderBy(asc(drivers.isVerified), desc(drivers.createdAt), desc(drivers.userId))
    .limit(query.limit + 1);
}

type Row = Awaited<ReturnType<typeof listRows>>[number];

/**
 * A private document as an <img> can show it: a link signed for this viewer, who the policy
 * says may read it (admins, and the driver who uploaded it). Null for anything that is not one
 * of the stored files of that bucket, or that this viewer may not read.
 */
function signedDocumentUrl(
  viewer: AuthUser,
  secret: string,
  bucket: Bucket,
  ownerId: string,
  stored: string,
  now = Date.now(),
): string | null {
  const parsed = parseFileUrl(stored);
  if (parsed?.bucket !== bucket) return null;
  const url = fileUrl(bucket, parsed.fileName, parsed.folder);
  if (!isPrivateBucket(bucket)) return url;
  return mayReadUpload(viewer, bucket, ownerId) ? signFileUrl(secret, url, now) : null;
}

/** One page of the list, national IDs signed for the admin reading it. */
export async function listDriversForVerification(
  db: Queryable,
  viewer: AuthUser,
  secret: string,
  query: VerificationListQuery,
): Promise<{ items: VerificationDriver[]; nextCursor: string | null }> {
  const rows = await listRows(db, query);
  const shown = rows.slice(0, query.limit);
  const last: Row | undefined = shown.at(-1);
  const now = Date.now();
  const verdicts = await findLatestVerdicts(
    db,
    shown.map((row) => row.userId),
  );
  return {
    items: shown.map((row) => ({
      userId: row.userId,
      fullName: row.fullName,
      avatarUrl: row.avatarUrl,
      nationalIdUrl: signedDocumentUrl(viewer, secret, 'national-ids', row.userId, row.nationalIdUrl, now),
      isVerified: row.isVerified,
      createdAt: row.createdAt.toISOString(),
      lastCheck: verdicts.get(row.userId) ?? null,
    })),
    nextCursor:
      rows.length > query.limit && last
        ? encodeVerificationCursor({ verified: last.isVerified, micros: last.cursorMicros, id: last.userId })
        : null,
  };
}

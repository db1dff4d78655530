import type { FastifyBaseLogger } from 'fastify';
import type { Bucket } from '@shared/storage/buckets.js';
import { parseFileUrl } from '@shared/storage/urls.js';
import type { IdCheckResult } from '@shared/verification/schemas.js';
import type { AuthUser } from '../core/identity.js';
import type { Db } from '../db/client.js';
import { setDriverVerified } from '../drivers/verification.js';
import { AppError, conflict, notFound, tooManyRequests, unprocessable } from '../http/errors.js';
import { MissingFileError } from '../storage/objectStore.js';
import { isOwnUpload } from '../storage/references.js';
import type { StorageService } from '../storage/service.js';
import { IdCheckError, type IdChecker } from './idChecker.js';
import { judge } from './judge.js';
import { findDriverForIdCheck, finishIdCheck, startIdCheck, type IdCheckRecord } from './repository.js';

export const ID_CHECK_REFUSALS = {
  noDriver: 'No such driver',
  alreadyVerified: 'This driver is already verified',
  noNationalId: 'This driver has no national ID image to check',
  noPicture: 'This driver has no profile picture to compare the ID with',
  running: 'An ID check of this driver is already running',
} as const;

/**
 * A check still 'running' after this long was left by a process that stopped: ten times the time
 * limit covers the model load and the checks queued before it, and never less than 10 minutes.
 */
const abandonedAfterMs = (timeoutMs: number) => Math.max(10 * 60_000, 10 * timeoutMs);

export interface IdCheckDeps {
  db: Db;
  storage: StorageService;
  checker: IdChecker;
  /** How long the analysis may take (ID_CHECK_TIMEOUT_SECONDS). */
  timeoutMs: number;
  log: FastifyBaseLogger;
}

/** One of the driver's own images in `bucket` named by `url`, or null when there is none. */
async function ownImage(deps: IdCheckDeps, url: string | null, bucket: Bucket, driverId: string): Promise<Buffer | null> {
  const location = url === null ? null : parseFileUrl(url);
  if (url === null || !location || !(await isOwnUpload(deps, url, driverId, [bucket]))) return null;
  return deps.storage.read(bucket, location.fileName, location.folder).catch((error: unknown) => {
    if (error instanceof MissingFileError) return null;
    throw error;
  });
}

/** The answer a client gets when the analysis did not come back. */
function failureOf(error: IdCheckError): AppError {
  switch (error.kind) {
    case 'busy':
      return tooManyRequests(error.message);
    case 'timeout':
      return new AppError(504, 'internal', error.message);
    case 'unavailable':
      return new AppError(503, 'internal', 'The ID check could not run. Please try again.');
  }
}

/**
 * Checks a driver's national ID against their profile (the admin's 'Verify ID with AI', decision
 * 009): the name read from the card against the profile's name, the card's face against the profile
 * picture. A pass verifies the driver. Every check is recorded with who ran it, when and what it
 * found. Refused at once, before any image is analysed: an unknown driver (404), one already
 * verified or being checked (409), one without a national ID image or profile picture (422).
 */
export async function checkDriverId(deps: IdCheckDeps, admin: AuthUser, driverId: string): Promise<IdCheckResult> {
  const driver = await findDriverForIdCheck(deps.db, driverId);
  if (!driver) throw notFound(ID_CHECK_REFUSALS.noDriver);
  if (driver.isVerified) throw conflict(ID_CHECK_REFUSALS.alreadyVerified);
  const card = await ownImage(deps, driver.nationalIdUrl, 'national-ids', driverId);
  if (!card) throw unprocessable(ID_CHECK_REFUSALS.noNationalId);
  const picture = await ownImage(deps, driver.avatarUrl, 'profile-pictures', driverId);
  if (!picture) throw unprocessable(ID_CHECK_REFUSALS.noPicture);

  const checkId = await startIdCheck(deps.db, driverId, admin.userId, abandonedAfterMs(deps.timeoutMs));
  if (!checkId) throw conflict(ID_CHECK_REFUSALS.running);
  const started = performance.now();
  const durationMs = () => Math.round(performance.now() - started);
  let failure: IdCheckRecord | undefined;
  try {
    const { nameSimilarity, faceDistance, ...result } = judge(
      driver.fullName,
      await deps.checker.analyse(card, picture, deps.timeoutMs),
    );
    const verdict: IdCheckRecord = { status: 'finished', ...result, nameSimilarity, faceDistance, durationMs: durationMs() };
    // A pass is recorded in the transaction that verifies the driver: never one without the other.
    if (result.verified) await setDriverVerified(deps.db, driverId, true, (tx) => finishIdCheck(tx, checkId, verdict));
    else await finishIdCheck(deps.db, checkId, verdict);
    deps.log.info(
      { driverId, verified: result.verified, confidence: result.confidence, durationMs: verdict.durationMs },
      'driver ID check',
    );
    return result;
  } catch (error) {
    failure = { status: 'error', reason: error instanceof Error ? error.message : String(error), durationMs: durationMs() };
    if (!(error instanceof IdCheckError)) throw error;
    deps.log[error.kind === 'busy' ? 'warn' : 'error']({ err: error, driverId }, 'driver ID check did not run');
    throw failureOf(error);
  } finally {
    if (failure) await finishIdCheck(deps.db, checkId, failure);
  }
}

import type { IdCheckResult } from '@shared/verification/schemas.js';
import { extractName, nameSimilarity } from './names.js';

/** What the worker found in a national ID image and a profile picture (analysisWorker.ts). */
export interface Analysis {
  /** Everything OCR read from the card, line by line. */
  text: string;
  faceOnId: boolean;
  faceInPicture: boolean;
  /** Euclidean distance between the two faces' descriptors; null unless both were found. */
  faceDistance: number | null;
}

/** A name on the card at least this similar to the profile's (names.ts) is the same name. */
const NAME_MATCH = 0.8;
/** face-api's usual threshold: the same person is about 0.25 apart, two people about 0.7. */
const FACE_MATCH_DISTANCE = 0.6;

export const ID_CHECK_REASONS = {
  passed: 'The name and the face on the ID match the profile',
  noName: 'No name could be read from the ID',
  nameMismatch: 'Name on the ID does not match the profile',
  noFaceOnId: 'No face found on the ID',
  noFaceInPicture: 'No face found in the profile picture',
  faceMismatch: 'The face on the ID does not match the profile picture',
} as const;

export interface Verdict extends IdCheckResult {
  nameSimilarity: number;
  faceDistance: number | null;
}

/**
 * A face distance as a likeness from 0 to 1: 0.5 at the threshold, close to 1 for the same
 * person (0.97 at 0.25) and close to 0 for another (0.21 at 0.73).
 */
export function faceLikeness(distance: number | null): number {
  if (distance === null) return 0;
  return 1 / (1 + Math.exp((distance - FACE_MATCH_DISTANCE) * 10));
}

/**
 * The check's answer: verified when the name read from the card matches the profile's and the
 * card's face matches the profile picture. Confidence is the mean of the name's similarity and
 * the faces' likeness, in percent; the reason names every part that failed.
 */
export function judge(profileName: string, analysis: Analysis): Verdict {
  const extractedName = extractName(analysis.text);
  const similarity = extractedName === null ? 0 : nameSimilarity(extractedName, profileName);
  const { faceDistance } = analysis;

  const refusals: string[] = [];
  if (extractedName === null) refusals.push(ID_CHECK_REASONS.noName);
  else if (similarity < NAME_MATCH) refusals.push(ID_CHECK_REASONS.nameMismatch);
  if (!analysis.faceOnId) refusals.push(ID_CHECK_REASONS.noFaceOnId);
  else if (!analysis.faceInPicture) refusals.push(ID_CHECK_REASONS.noFaceInPicture);
  else if (faceDistance === null || faceDistance > FACE_MATCH_DISTANCE) refusals.push(ID_CHECK_REASONS.faceMismatch);

  const confidence = Math.round(((similarity + faceLikeness(faceDistance)) / 2) * 1000) / 10;
  return {
    verified: refusals.length === 0,
    confidence,
    reason: refusals.length === 0 ? ID_CHECK_REASONS.passed : refusals.join('. '),
    extractedName,
    nameSimilarity: similarity,
    faceDistance,
  };
}

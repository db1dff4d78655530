import { z } from 'zod';
import { optionalText } from '../fields.js';

export const PLACE_MESSAGES = {
  landmarkTooLong: 'A landmark can be at most 200 characters',
  gpsCode: 'A GhanaPost GPS code looks like GA-183-8164: two letters, then 3 or 4 digits, then 4 digits',
} as const;

/**
 * A GhanaPost GPS digital address: two letters (region and district), then the area's 3 or 4
 * digits and the place's 4, as people type it (any case, dashes or spaces or none between).
 */
const GPS_CODE_TYPED = /^([A-Za-z]{2})[\s-]*([0-9]{3,4})[\s-]*([0-9]{4})$/;

/** 'ga 183 8164' and 'GA1838164' both become 'GA-183-8164'; anything else is not a code. */
export function normalizeGpsCode(typed: string): string | null {
  const match = GPS_CODE_TYPED.exec(typed.trim());
  return match ? `${match[1]!.toUpperCase()}-${match[2]}-${match[3]}` : null;
}

/** What helps a rider find the place ('opposite the Total filling station, blue gate'); empty means none. */
export const landmarkField = optionalText(200, PLACE_MESSAGES.landmarkTooLong).transform((text) => text || null);

/** A typed code, or nothing: one pattern (no refinement), so the request fuzzer can write codes that pass. */
const GPS_CODE_OR_NOTHING = new RegExp(`^(?:${GPS_CODE_TYPED.source.slice(1, -1)})?$`);

/** An optional GhanaPost GPS code, checked by its format and written the one way; empty means none. */
export const gpsCodeField = optionalText(20, PLACE_MESSAGES.gpsCode)
  .pipe(z.string().regex(GPS_CODE_OR_NOTHING, PLACE_MESSAGES.gpsCode))
  .transform((typed) => (typed ? normalizeGpsCode(typed) : null));

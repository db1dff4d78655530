import { z } from 'zod';
import { uuidSchema } from '../fields.js';

/**
 * The driver ID check: OCR of the national ID card against the profile's name, and the card's photo
 * against the profile picture. Run by an admin with POST /api/admin/drivers/:id/verify-id; a pass
 * marks the driver verified.
 */
export const idCheckResultSchema = z.object({
  verified: z.boolean(),
  /** 0 to 100. */
  confidence: z.number().min(0).max(100),
  reason: z.string(),
  /** The name read from the card, null when none could be read. */
  extractedName: z.string().nullable(),
});
export type IdCheckResult = z.infer<typeof idCheckResultSchema>;

/** The path of POST /api/admin/drivers/:id/verify-id: the driver's user id. */
export const idCheckParamsSchema = z.object({ id: uuidSchema('That is not a valid driver id') });

export const ID_CHECK_MESSAGES = {
  passedTitle: 'Verification Successful',
  passed: (confidence: number) => `Driver ID verified with ${Math.round(confidence)}% confidence`,
  failedTitle: 'Verification Failed',
  failed: 'Unable to verify driver ID',
  errorTitle: 'Verification Error',
  error: 'Failed to verify driver ID',
  invalidResponse: 'Invalid response from verification service',
} as const;

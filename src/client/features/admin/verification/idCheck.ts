import { ID_CHECK_MESSAGES, idCheckResultSchema, type IdCheckResult } from '@shared/verification/schemas.js';

/**
 * What the 'Verify ID with AI' button says and does with the ID check's reply (decision 009), kept
 * apart from React so the rules are tested on their own.
 */

export interface VerifyButtonState {
  disabled: boolean;
  label: string;
}

/** Disabled while a check runs, and for a driver already verified: there is nothing left to check. */
export function verifyButtonState(driver: { isVerified: boolean }, running: boolean): VerifyButtonState {
  return { disabled: running || driver.isVerified, label: running ? 'Verifying...' : 'Verify ID with AI' };
}

export interface IdCheckToast {
  kind: 'success' | 'error';
  title: string;
  description: string;
}

export type IdCheckOutcome =
  | { toast: IdCheckToast; result: IdCheckResult }
  /** The reply was not a check result: nothing to show on the card. */
  | { toast: IdCheckToast; result: null };

/** The toast for a reply of POST /api/admin/drivers/:id/verify-id, checked against the shared contract first. */
export function idCheckOutcome(reply: unknown): IdCheckOutcome {
  const parsed = idCheckResultSchema.safeParse(reply);
  if (!parsed.success) {
    return {
      toast: { kind: 'error', title: ID_CHECK_MESSAGES.errorTitle, description: ID_CHECK_MESSAGES.invalidResponse },
      result: null,
    };
  }
  const result = parsed.data;
  if (result.verified) {
    return {
      toast: { kind: 'success', title: ID_CHECK_MESSAGES.passedTitle, description: ID_CHECK_MESSAGES.passed(result.confidence) },
      result,
    };
  }
  return {
    toast: { kind: 'error', title: ID_CHECK_MESSAGES.failedTitle, description: result.reason.trim() || ID_CHECK_MESSAGES.failed },
    result,
  };
}

/** The toast for a check that could not be run: the server's message, or ID_CHECK_MESSAGES.error when it gives none. */
export function idCheckFailure(error: unknown): IdCheckToast {
  const message = error instanceof Error ? error.message.trim() : '';
  return { kind: 'error', title: ID_CHECK_MESSAGES.errorTitle, description: message || ID_CHECK_MESSAGES.error };
}

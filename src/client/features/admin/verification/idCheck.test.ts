import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/apiError.js';
import { idCheckFailure, idCheckOutcome, verifyButtonState } from './idCheck.js';

describe("the 'Verify ID with AI' button", () => {
  it('is enabled for a pending driver, and disabled while a check runs or once the driver is verified', () => {
    expect(verifyButtonState({ isVerified: false }, false)).toEqual({ disabled: false, label: 'Verify ID with AI' });
    expect(verifyButtonState({ isVerified: false }, true)).toEqual({ disabled: true, label: 'Verifying...' });
    expect(verifyButtonState({ isVerified: true }, false)).toEqual({ disabled: true, label: 'Verify ID with AI' });
  });
});

describe('the ID check reply', () => {
  it('announces a pass with its confidence, rounded', () => {
    const outcome = idCheckOutcome({
      verified: true,
      confidence: 87.4,
      reason: 'Name and face match',
      extractedName: 'KOFI ASANTE',
    });
    expect(outcome.toast).toEqual({
      kind: 'success',
      title: 'Verification Successful',
      description: 'Driver ID verified with 87% confidence',
    });
    expect(outcome.result?.extractedName).toBe('KOFI ASANTE');
  });

  it('announces a failure with its reason, or the standard words when it gives none', () => {
    const withReason = idCheckOutcome({
      verified: false,
      confidence: 31,
      reason: 'The face does not match',
      extractedName: null,
    });
    expect(withReason.toast).toEqual({ kind: 'error', title: 'Verification Failed', description: 'The face does not match' });
    expect(withReason.result).not.toBeNull();
    const without = idCheckOutcome({ verified: false, confidence: 0, reason: ' ', extractedName: null });
    expect(without.toast.description).toBe('Unable to verify driver ID');
  });

  it('refuses a reply that is not a check result', () => {
    for (const reply of [
      undefined,
      null,
      'ok',
      [],
      { verified: 'yes' },
      { verified: true, confidence: 140, reason: '', extractedName: null },
    ]) {
      expect(idCheckOutcome(reply), JSON.stringify(reply)).toEqual({
        toast: { kind: 'error', title: 'Verification Error', description: 'Invalid response from verification service' },
        result: null,
      });
    }
  });

  it("shows a failed request's message, or the standard words when it has none", () => {
    expect(idCheckFailure(new ApiError(503, 'internal', 'The ID check is busy, try again'))).toEqual({
      kind: 'error',
      title: 'Verification Error',
      description: 'The ID check is busy, try again',
    });
    expect(idCheckFailure(new Error('')).description).toBe('Failed to verify driver ID');
    expect(idCheckFailure('boom').description).toBe('Failed to verify driver ID');
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './apiError.js';
import { reportSubmitFailure, showServerFieldErrors } from './formErrors.js';
import { notifyError } from './toast.js';

vi.mock('./toast.js', () => ({ notifyError: vi.fn() }));
beforeEach(() => vi.clearAllMocks());

type Form = { deliveryAddress: string; deliveryPhone: string; notes: string };
const FIELDS = ['deliveryAddress', 'deliveryPhone', 'notes'] as const;

describe('showServerFieldErrors', () => {
  it("puts each of the server's messages under its field and focuses the first refused field of the form", () => {
    const setError = vi.fn();
    const refused = new ApiError(400, 'bad_request', 'Invalid request', {
      notes: 'Notes can be at most 500 characters',
      deliveryPhone: 'Please enter a valid phone number',
      unknownField: 'ignored',
    });

    expect(showServerFieldErrors<Form>(refused, setError, FIELDS)).toBe(true);

    expect(setError.mock.calls).toEqual([
      ['deliveryPhone', { type: 'server', message: 'Please enter a valid phone number' }, { shouldFocus: true }],
      ['notes', { type: 'server', message: 'Notes can be at most 500 characters' }, { shouldFocus: false }],
    ]);
  });

  it('leaves the form alone for a failure without field messages', () => {
    const setError = vi.fn();
    expect(showServerFieldErrors<Form>(new ApiError(500, 'internal', 'Something went wrong'), setError, FIELDS)).toBe(false);
    expect(showServerFieldErrors<Form>(new Error('offline'), setError, FIELDS)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});

describe('reportSubmitFailure', () => {
  it('puts a field message under its field and shows no toast', () => {
    const setError = vi.fn();
    reportSubmitFailure<Form>(
      new ApiError(400, 'bad_request', 'Invalid request', { deliveryPhone: 'Please enter a valid phone number' }),
      setError,
      FIELDS,
      'Failed to place order',
    );
    expect(setError).toHaveBeenCalledTimes(1);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('toasts a failure no field of the form explains', () => {
    const setError = vi.fn();
    reportSubmitFailure<Form>(new ApiError(401, 'unauthorized', 'Invalid email or password'), setError, FIELDS, 'Sign in failed');
    reportSubmitFailure<Form>(
      new ApiError(400, 'bad_request', 'Invalid request', { somethingElse: 'Not on this form' }),
      setError,
      FIELDS,
      'Failed to place order',
    );
    expect(setError).not.toHaveBeenCalled();
    expect(vi.mocked(notifyError).mock.calls).toEqual([['Sign in failed'], ['Failed to place order']]);
  });
});

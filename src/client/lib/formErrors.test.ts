import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './apiError.js';
import { showServerFieldErrors } from './formErrors.js';

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

    showServerFieldErrors<Form>(refused, setError, FIELDS);

    expect(setError.mock.calls).toEqual([
      ['deliveryPhone', { type: 'server', message: 'Please enter a valid phone number' }, { shouldFocus: true }],
      ['notes', { type: 'server', message: 'Notes can be at most 500 characters' }, { shouldFocus: false }],
    ]);
  });

  it('leaves the form alone for a failure without field messages', () => {
    const setError = vi.fn();
    showServerFieldErrors<Form>(new ApiError(500, 'internal', 'Something went wrong'), setError, FIELDS);
    showServerFieldErrors<Form>(new Error('offline'), setError, FIELDS);
    expect(setError).not.toHaveBeenCalled();
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError, errorFromResponse, errorMessage } from './apiError.js';

describe('errorFromResponse', () => {
  it("keeps the server's code, message and field errors", () => {
    const error = errorFromResponse(400, {
      error: { code: 'bad_request', message: 'Please fill in all vehicle information', fields: { plateNumber: 'Required' } },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('bad_request');
    expect(error.message).toBe('Please fill in all vehicle information');
    expect(error.fields).toEqual({ plateNumber: 'Required' });
  });

  it('falls back to a message for the status when the body is not an API error', () => {
    const error = errorFromResponse(502, '<html>Bad Gateway</html>');
    expect(error.code).toBe('internal');
    expect(error.message).toBe('Something went wrong on our side. Please try again.');
  });

  it('treats an error body with an unknown code as unparseable', () => {
    const error = errorFromResponse(429, { error: { code: 'slow_down', message: 'x' } });
    expect(error.code).toBe('rate_limited');
    expect(error.message).toBe('Too many attempts. Please wait a moment and try again.');
  });
});

describe('errorMessage', () => {
  it("shows the server's message for an API error", () => {
    expect(errorMessage(new ApiError(409, 'conflict', 'Order already taken'), 'Failed to accept order')).toBe(
      'Order already taken',
    );
  });

  it('shows the fallback for anything else', () => {
    expect(errorMessage(new TypeError('boom'), 'Failed to accept order')).toBe('Failed to accept order');
  });
});

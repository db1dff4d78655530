import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './apiError.js';
import { notifyError } from './toast.js';

/** Shows the server's field-level messages (ApiError.fields) next to the matching inputs. */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
) {
  if (!(error instanceof ApiError) || !error.fields) return;
  for (const [field, message] of Object.entries(error.fields)) {
    const known = fields.find((name) => name === field);
    if (known) setError(known, { type: 'server', message });
  }
}

/** The first message among react-hook-form's errors, for the 'Error' toast of a refused submit. */
export function firstErrorMessage(errors: Record<string, { message?: unknown } | undefined>): string | undefined {
  for (const error of Object.values(errors)) if (typeof error?.message === 'string' && error.message) return error.message;
  return undefined;
}

/** react-hook-form's onInvalid handler: the first problem as an 'Error' toast. */
export function toastFirstError(errors: Record<string, { message?: unknown } | undefined>, fallback = 'Please check the form') {
  notifyError(firstErrorMessage(errors) ?? fallback);
}

import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './apiError.js';
import { notifyError } from './toast.js';

/** Shows the server's field-level messages (ApiError.fields) next to the matching inputs, and focuses the first of them. */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
) {
  if (!(error instanceof ApiError) || !error.fields) return;
  const refused = fields.filter((name) => error.fields?.[name] !== undefined);
  refused.forEach((name, index) =>
    setError(name, { type: 'server', message: error.fields?.[name] }, { shouldFocus: index === 0 }),
  );
}

/** The first message among react-hook-form's errors, for the 'Error' toast of a refused submit. */
function firstErrorMessage(errors: Record<string, { message?: unknown } | undefined>): string | undefined {
  for (const error of Object.values(errors)) if (typeof error?.message === 'string' && error.message) return error.message;
  return undefined;
}

/** react-hook-form's onInvalid handler: the first problem as an 'Error' toast. */
export function toastFirstError(errors: Record<string, { message?: unknown } | undefined>, fallback = 'Please check the form') {
  notifyError(firstErrorMessage(errors) ?? fallback);
}

import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './apiError.js';
import { notifyError } from './toast.js';

/**
 * Shows the server's field-level messages (ApiError.fields) next to the matching inputs, and
 * focuses the first of them. True when at least one message found its field.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  const refused = fields.filter((name) => error.fields?.[name] !== undefined);
  refused.forEach((name, index) =>
    setError(name, { type: 'server', message: error.fields?.[name] }, { shouldFocus: index === 0 }),
  );
  return refused.length > 0;
}

/**
 * A refused submit, said in one place: the server's messages under the fields they are about, or
 * (when no field of the form explains it: a wrong password, a server down) the 'Error' toast.
 */
export function reportSubmitFailure<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  toastMessage: string,
) {
  if (!showServerFieldErrors(error, setError, fields)) notifyError(toastMessage);
}

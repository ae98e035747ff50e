import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './apiError';

/**
 * Puts the server's field errors (`errors` of the `{ success:false, message, errors }` envelope)
 * on the form's own fields, as the form's resolver does with its own; the first one takes the
 * focus. `rename` maps a server path to the form's field where they differ
 * (`card.expiration_date` → `expiration_date`). Answers whether any field got an error, so the
 * caller shows the server's message elsewhere only when none did.
 */
export function setServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
  rename: Readonly<Record<string, FieldPath<T>>> = {},
): boolean {
  if (!(error instanceof ApiError) || !error.errors) return false;
  let placed = false;
  for (const [path, message] of Object.entries(error.errors)) {
    const field = rename[path] ?? fields.find((name) => name === path);
    if (!field) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}

import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage, isApiError } from './api-error.ts';

/**
 * Puts the server's per-field messages (problem `errors`) on the form's fields; whatever has no
 * field of its own goes to the form's root error so it is still shown next to the form.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  rootMessage?: (error: unknown) => string | undefined,
) {
  let placedOnField = false;
  if (isApiError(error)) {
    for (const [field, messages] of Object.entries(error.errors)) {
      const message = messages[0];
      if (!message) continue;
      if ((fields as readonly string[]).includes(field)) {
        setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !placedOnField });
        placedOnField = true;
      }
    }
  }
  const root = rootMessage?.(error) ?? (placedOnField ? undefined : errorMessage(error));
  // The code travels as the error type so the form can choose the tone of its message.
  if (root) setError('root.server', { type: isApiError(error) ? error.code : 'unknown', message: root });
}

/**
 * A form's submit handler around `send`: whatever the server refuses lands on the fields named, and the rest at
 * the form's root, so no screen writes the catch itself. `form.handleSubmit(withServerErrors(form, fields, send))`.
 */
export function withServerErrors<T extends FieldValues, Values>(
  form: { setError: UseFormSetError<T> },
  fields: readonly Path<T>[],
  send: (values: Values) => Promise<unknown>,
  rootMessage?: (error: unknown) => string | undefined,
) {
  return async (values: Values) => {
    try {
      await send(values);
    } catch (error) {
      applyServerErrors(error, form.setError, fields, rootMessage);
    }
  };
}

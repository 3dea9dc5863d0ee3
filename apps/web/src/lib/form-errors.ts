import type { ControllerFieldState, ControllerRenderProps, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage, isApiError } from './api-error.ts';

export type ServerErrorOptions = {
  /** The form-wide message for a refusal, where the form words it itself; undefined leaves the usual one. */
  rootMessage?: (error: unknown) => string | undefined;
  /** The form's field for the server's name of one, where the two differ (`supervisor.email` → `email`). */
  fieldOf?: (key: string) => string;
};

/**
 * Puts the server's per-field messages (problem `errors`) on the form's fields; whatever has no
 * field of its own goes to the form's root error so it is still shown next to the form.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  { rootMessage, fieldOf = (key) => key }: ServerErrorOptions = {},
) {
  let placedOnField = false;
  if (isApiError(error)) {
    for (const [key, messages] of Object.entries(error.errors)) {
      const message = messages[0];
      const field = fieldOf(key);
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
  options?: ServerErrorOptions,
) {
  return async (values: Values) => {
    try {
      await send(values);
    } catch (error) {
      applyServerErrors(error, form.setError, fields, options);
    }
  };
}

/**
 * The props of a required choice (a dropdown of roles or staff) drawn by a form's `Controller`: a refusal from the
 * server is shown in its own words, and any other error (nothing chosen) as `missing`, which names what to choose.
 * `render={(props) => <TherapistField {...choiceProps(props, 'Choose the new therapist')} />}`.
 */
export function choiceProps<T extends FieldValues, N extends Path<T>>(
  { field, fieldState }: { field: ControllerRenderProps<T, N>; fieldState: ControllerFieldState },
  missing: string,
) {
  const { error } = fieldState;
  return {
    ref: field.ref,
    value: field.value,
    onChange: field.onChange,
    onBlur: field.onBlur,
    error: error && (error.type === 'server' ? error.message : missing),
  };
}

import { zodResolver } from '@hookform/resolvers/zod';
import { withServerErrors } from '@web/lib/form-errors.ts';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod/mini';

type SigninFormOptions<T extends FieldValues> = {
  schema: z.core.$ZodType<T, T>;
  defaultValues: DefaultValues<T> & T;
  send: (values: T) => Promise<unknown>;
  /** The form-wide message for a refusal (wrong password, account waiting for approval…). */
  message: (error: unknown) => string | undefined;
  onSuccess: () => void;
};

/** A sign-in form: the values are checked with the call's schema, sent, and a refusal is shown on the form. */
export function useSigninForm<T extends FieldValues>({
  schema,
  defaultValues,
  send,
  message,
  onSuccess,
}: SigninFormOptions<T>) {
  const form = useForm<T>({ resolver: zodResolver(schema), defaultValues });
  const fields = Object.keys(defaultValues) as Path<T>[];
  const onSubmit = form.handleSubmit(
    withServerErrors(
      form,
      fields,
      async (values) => {
        await send(values);
        onSuccess();
      },
      { rootMessage: message },
    ),
  );
  return { form, onSubmit, errors: form.formState.errors, isSubmitting: form.formState.isSubmitting };
}

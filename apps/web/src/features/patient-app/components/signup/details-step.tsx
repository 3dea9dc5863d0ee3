import { zodResolver } from '@hookform/resolvers/zod';
import {
  birthdaySchema,
  emailSchema,
  isoDateSchema,
  NAME_MAX_LENGTH,
  nameSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordSchema,
  qrRegistrationBodySchema,
  type Schema,
} from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { MemorableDate } from '@web/components/ui/memorable-date/memorable-date.tsx';
import { useRegisterByQr } from '@web/features/patient-app/api/sign-up.ts';
import { problemText } from '@web/features/patient-app/lib/problem-key.ts';
import { isApiError } from '@web/lib/api-error.ts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Phone } from '../login/phone-form.tsx';

const fields = ['first_name', 'last_name', 'birthday', 'email', 'password'] as const;
type Field = (typeof fields)[number];
const isValid = (schema: Schema, value: string) => z.safeParse(schema, value).success;

/**
 * The contract's rules for who the patient is, each refusal a translation key so it follows a change of language.
 * The e-mail and password are optional (patients can sign in by text code), but a password needs an e-mail.
 */
const detailsSchema = z
  .object({
    first_name: z.string(),
    last_name: z.string(),
    birthday: z.string(),
    email: z.string(),
    password: z.string(),
  })
  .superRefine((values, context) => {
    const refuse = (path: Field, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    for (const name of ['first_name', 'last_name'] as const) {
      if (!values[name].trim())
        refuse(name, name === 'first_name' ? 'signup.firstNameRequired' : 'signup.lastNameRequired');
      else if (values[name].trim().length > NAME_MAX_LENGTH) refuse(name, 'signup.nameTooLong');
      else if (!isValid(nameSchema, values[name])) refuse(name, 'signup.nameCharacters');
    }
    if (!values.birthday) refuse('birthday', 'signup.birthdayRequired');
    else if (!isValid(isoDateSchema, values.birthday)) refuse('birthday', 'signup.birthdayNotADate');
    else if (!isValid(birthdaySchema, values.birthday)) refuse('birthday', 'signup.birthdayRange');
    if (values.email && !isValid(emailSchema, values.email)) refuse('email', 'signup.emailInvalid');
    else if (values.password && !values.email.trim()) refuse('email', 'signup.emailForPassword');
    if (values.password && !isValid(passwordSchema, values.password)) refuse('password', 'signup.passwordLength');
  });
/** What the registration sends of these details, as the contract reads them (trimmed, the e-mail lower-cased). */
const detailsBodySchema = qrRegistrationBodySchema.pick({
  first_name: true,
  last_name: true,
  birthday: true,
  email: true,
  password: true,
});

/** Step 3: who the patient is. */
export function DetailsStep({
  phone,
  clinicCode,
  verificationToken,
  onRegistered,
  onPhoneExpired,
}: {
  phone: Phone;
  clinicCode: string;
  verificationToken: string;
  onRegistered: () => void;
  onPhoneExpired: () => void;
}) {
  const { t, i18n } = useTranslation();
  const form = useForm({
    resolver: zodResolver(detailsSchema),
    defaultValues: { first_name: '', last_name: '', birthday: '', email: '', password: '' },
  });
  const register = useRegisterByQr();
  const { errors } = form.formState;
  // The refusal itself is kept, so its sentence follows a change of language.
  const [failure, setFailure] = useState<unknown>(null);
  const failedField = isApiError(failure) ? fields.find((field) => failure.errors[field]) : undefined;
  const errorOf = (field: Field) => {
    const key = errors[field]?.message;
    if (key) return t(key, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
    return failedField === field ? problemText(failure, t, i18n.language, field) : undefined;
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const details = detailsBodySchema.parse({ ...values, password: values.password || undefined });
    try {
      await register.mutateAsync({
        ...details,
        phone: phone.number.replace(/\D/g, ''),
        selected_code: phone.dialCode,
        clinic_code: clinicCode,
        verification_token: verificationToken,
      });
      onRegistered();
    } catch (error) {
      // The check of the phone lasts 30 minutes; after that the phone is checked again.
      if (isApiError(error) && error.code === 'invalid_token') return onPhoneExpired();
      setFailure(error);
      const field = isApiError(error) ? fields.find((name) => error.errors[name]) : undefined;
      if (field) form.setFocus(field);
    }
  });

  return (
    <form className="pa-form" onSubmit={onSubmit} noValidate>
      <p>{t('signup.detailsLead')}</p>
      {failure !== null && !failedField && <Alert tone="danger">{problemText(failure, t, i18n.language)}</Alert>}
      <TextField
        label={t('signup.firstName')}
        autoComplete="given-name"
        required
        error={errorOf('first_name')}
        {...form.register('first_name')}
      />
      <TextField
        label={t('signup.lastName')}
        autoComplete="family-name"
        required
        error={errorOf('last_name')}
        {...form.register('last_name')}
      />
      <Controller
        control={form.control}
        name="birthday"
        render={({ field }) => (
          <MemorableDate
            ref={field.ref}
            legend={t('signup.birthday')}
            hint={t('signup.birthdayHint')}
            labels={{ month: t('signup.month'), day: t('signup.day'), year: t('signup.year') }}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errorOf('birthday')}
          />
        )}
      />
      <TextField
        label={t('signup.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errorOf('email')}
        {...form.register('email')}
      />
      <TextField
        label={t('signup.password')}
        type="password"
        autoComplete="new-password"
        hint={t('signup.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        error={errorOf('password')}
        {...form.register('password')}
      />
      <Button type="submit" size="lg" isFullWidth isLoading={register.isPending}>
        {t('signup.register')}
      </Button>
    </form>
  );
}

import { TextField } from '@web/components/ui/field/text-field.tsx';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { DialCodeSelect } from './dial-code-select.tsx';

/** A phone number beside its calling code, as the sign-in and the sign-up ask for it. */
export function PhoneFields({
  dialCode,
  number,
  error,
  placeholder,
}: {
  /** The picker's props: a form library's registration or the page's own (`name`, `defaultValue`…). */
  dialCode: ComponentProps<'select'>;
  number: ComponentProps<'input'>;
  error?: string;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="pa-phone">
      <DialCodeSelect field={dialCode} />
      <TextField
        label={t('login.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={placeholder}
        error={error}
        {...number}
      />
    </div>
  );
}

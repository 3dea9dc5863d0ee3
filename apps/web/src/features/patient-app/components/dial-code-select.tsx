import { FieldLabel } from '@web/components/ui/field/field-label.tsx';
import { type ComponentProps, useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Calling codes of the countries clinic patients most often come from; +1 first, the default. */
const dialCodes = ['+1', '+52', '+34', '+44', '+53', '+57', '+58', '+502', '+503', '+504', '+505', '+51', '+54'];
export const DEFAULT_DIAL_CODE = '+1';

/** The phone's country code beside the number: the phone's own picker, with codes that read the same in any language. */
export function DialCodeSelect({ field }: { field: ComponentProps<'select'> }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field pa-phone__code">
      <FieldLabel htmlFor={id}>{t('login.countryCode')}</FieldLabel>
      <select id={id} className="field__input" {...field}>
        {dialCodes.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    </div>
  );
}

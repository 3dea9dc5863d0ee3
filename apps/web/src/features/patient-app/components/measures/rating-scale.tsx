import '@web/features/patient-app/i18n/measure-strings.ts';
import { useTranslation } from 'react-i18next';
import { ScaleButtons } from '../scale-buttons.tsx';

/** Eleven big buttons, 0 to 10, under a question, with what each end means said aloud and shown. */
export function RatingScale({
  legend,
  low,
  high,
  value,
  error,
  onChange,
}: {
  legend: string;
  low: string;
  high: string;
  value: number | null;
  error?: string;
  onChange: (value: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="pa-scale" aria-invalid={error ? true : undefined}>
      <legend className="pa-scale__legend">{legend}</legend>
      <ScaleButtons
        value={value}
        labelOf={(level) =>
          level === 0
            ? t('measures.valueEnd', { value: level, end: low })
            : level === 10
              ? t('measures.valueEnd', { value: level, end: high })
              : String(level)
        }
        onChange={onChange}
      />
      <div className="pa-scale__ends" aria-hidden="true">
        <span>0 = {low}</span>
        <span>10 = {high}</span>
      </div>
      {error && (
        <p className="pa-field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

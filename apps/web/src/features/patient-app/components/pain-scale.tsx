import { useTranslation } from 'react-i18next';

const levels = Array.from({ length: 11 }, (_, value) => value);

/** Eleven big buttons, 0 to 10: one tap to say how much it hurts (NPRS). */
export function PainScale({
  legend,
  isLegendHidden = false,
  value,
  onChange,
}: {
  legend: string;
  /** When a heading above already asks the question. */
  isLegendHidden?: boolean;
  value: number | null;
  onChange: (value: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="pa-scale">
      <legend className={isLegendHidden ? 'visually-hidden' : 'pa-scale__legend'}>{legend}</legend>
      <p className="pa-scale__hint">{t('rating.painHint')}</p>
      <div className="pa-scale__buttons">
        {levels.map((level) => (
          <button
            key={level}
            type="button"
            className="pa-scale__button"
            aria-pressed={value === level}
            aria-label={t('rating.painValue', { value: level })}
            onClick={() => onChange(level)}
          >
            {level}
          </button>
        ))}
      </div>
      <div className="pa-scale__ends" aria-hidden="true">
        <span>{t('rating.noPain')}</span>
        <span>{t('rating.worstPain')}</span>
      </div>
    </fieldset>
  );
}

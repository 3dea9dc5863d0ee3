import { useTranslation } from 'react-i18next';
import { ScaleButtons } from './scale-buttons.tsx';

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
      <ScaleButtons value={value} labelOf={(level) => t('rating.painValue', { value: level })} onChange={onChange} />
      <div className="pa-scale__ends" aria-hidden="true">
        <span>{t('rating.noPain')}</span>
        <span>{t('rating.worstPain')}</span>
      </div>
    </fieldset>
  );
}

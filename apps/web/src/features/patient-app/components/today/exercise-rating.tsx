import { type Difficulty, difficulties } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { useTranslation } from 'react-i18next';
import { PainScale } from '../pain-scale.tsx';

type ExerciseRatingProps = {
  pain: number | null;
  difficulty: Difficulty | null;
  onPain: (value: number) => void;
  onDifficulty: (value: Difficulty) => void;
  onSave: () => void;
};

/**
 * After the sets, which are saved already: how much it hurt (0–10) and how hard it was, both optional; the button
 * adds what was chosen to the session's log.
 */
export function ExerciseRating({ pain, difficulty, onPain, onDifficulty, onSave }: ExerciseRatingProps) {
  const { t } = useTranslation();
  return (
    <div className="pa-rating">
      <PainScale legend={t('rating.painQuestion')} value={pain} onChange={onPain} />
      <fieldset className="pa-scale">
        <legend className="pa-scale__legend">{t('rating.difficultyQuestion')}</legend>
        <div className="pa-choices">
          {difficulties.map((level) => (
            <button
              key={level}
              type="button"
              className="pa-choice"
              aria-pressed={difficulty === level}
              onClick={() => onDifficulty(level)}
            >
              {t(`rating.${level}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <Button size="lg" isFullWidth onClick={onSave}>
        {t('rating.send')}
      </Button>
    </div>
  );
}

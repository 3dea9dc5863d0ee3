import { type Difficulty, difficulties } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { useTranslation } from 'react-i18next';
import { PainScale } from '../pain-scale.tsx';

type ExerciseRatingProps = {
  pain: number | null;
  difficulty: Difficulty | null;
  onPain: (value: number) => void;
  onDifficulty: (value: Difficulty) => void;
  onSave: () => void;
  isSaving: boolean;
  hasFailed: boolean;
};

/** After the sets: how much it hurt (0–10) and how hard it was, then one button saves it. */
export function ExerciseRating({
  pain,
  difficulty,
  onPain,
  onDifficulty,
  onSave,
  isSaving,
  hasFailed,
}: ExerciseRatingProps) {
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
      {hasFailed && <Alert tone="danger">{t('exercise.sendFailed')}</Alert>}
      <Button size="lg" isFullWidth onClick={onSave} isLoading={isSaving}>
        {hasFailed ? t('common.tryAgain') : t('rating.send')}
      </Button>
    </div>
  );
}

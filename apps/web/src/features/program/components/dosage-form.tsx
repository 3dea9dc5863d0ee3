import { HEP_LIMITS, type HepDosage, type HepItem, hepDosageSchema } from '@rehabit/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button/button.tsx';
import { TextArea } from '../../../components/ui/field/text-area.tsx';
import { TextField } from '../../../components/ui/field/text-field.tsx';
import { errorMessage, isApiError } from '../../../lib/api-error.ts';
import { useUpdateExercise } from '../api/update-exercise.ts';

type NumberField = Exclude<keyof HepDosage, 'description'>;
const numberFields: { name: NumberField; label: string; limits: { min: number; max: number } }[] = [
  { name: 'sets', label: 'Sets', limits: HEP_LIMITS.sets },
  { name: 'reps', label: 'Reps', limits: HEP_LIMITS.reps },
  { name: 'hold_seconds', label: 'Hold (seconds)', limits: HEP_LIMITS.holdSeconds },
  { name: 'times_per_day', label: 'Times a day', limits: HEP_LIMITS.timesPerDay },
  { name: 'days_per_week', label: 'Days a week', limits: HEP_LIMITS.daysPerWeek },
];
type Draft = Record<keyof HepDosage, string>;
type Errors = Partial<Record<keyof HepDosage | 'form', string>>;

const draftOf = (item: HepItem): Draft => ({
  sets: String(item.sets),
  reps: String(item.reps),
  hold_seconds: String(item.hold_seconds),
  times_per_day: String(item.times_per_day),
  days_per_week: String(item.days_per_week),
  description: item.description,
});

/** Sets, reps, hold, frequency and notes of one exercise, edited in place; only what changed is sent. */
export function DosageForm({ item, patientId, onDone }: { item: HepItem; patientId: number; onDone: () => void }) {
  const update = useUpdateExercise(patientId);
  const [draft, setDraft] = useState(() => draftOf(item));
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = hepDosageSchema.safeParse(draft);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof HepDosage] ??= issue.message;
      setErrors(found);
      return;
    }
    const changes = Object.fromEntries(
      Object.entries(parsed.data).filter(([key, value]) => item[key as keyof HepDosage] !== value),
    );
    if (Object.keys(changes).length === 0) return onDone();
    update.mutate(
      { hepId: item.id, body: changes },
      {
        onSuccess: onDone,
        onError: (error) => {
          const fieldErrors = isApiError(error)
            ? Object.fromEntries(Object.entries(error.errors).map(([key, messages]) => [key, messages[0]]))
            : {};
          setErrors({ ...fieldErrors, form: errorMessage(error) });
        },
      },
    );
  };

  const set = (name: keyof HepDosage, value: string) => setDraft((current) => ({ ...current, [name]: value }));

  return (
    <form className="dosage-form" aria-label={`Dosage of ${item.video.title}`} onSubmit={submit} noValidate>
      <div className="dosage-form__numbers">
        {numberFields.map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            type="number"
            inputMode="numeric"
            min={field.limits.min}
            max={field.limits.max}
            value={draft[field.name]}
            error={errors[field.name]}
            onChange={(event) => set(field.name, event.target.value)}
          />
        ))}
      </div>
      <TextArea
        label="Instructions for the patient"
        rows={2}
        maxLength={HEP_LIMITS.description}
        value={draft.description}
        error={errors.description}
        onChange={(event) => set('description', event.target.value)}
      />
      {errors.form && (
        <p className="field__error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="dosage-form__actions">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" isLoading={update.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}

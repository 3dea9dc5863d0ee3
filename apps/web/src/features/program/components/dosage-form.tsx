import { zodResolver } from '@hookform/resolvers/zod';
import { HEP_LIMITS, type HepDosage, type HepItem, hepDosageSchema } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { TextArea } from '@web/components/ui/field/text-area.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { errorMessage } from '@web/lib/api-error.ts';
import { withServerErrors } from '@web/lib/form-errors.ts';
import { useForm } from 'react-hook-form';
import { useUpdateExercise } from '../api/update-exercise.ts';

type NumberField = Exclude<keyof HepDosage, 'description'>;
const numberFields: { name: NumberField; label: string; limits: { min: number; max: number } }[] = [
  { name: 'sets', label: 'Sets', limits: HEP_LIMITS.sets },
  { name: 'reps', label: 'Reps', limits: HEP_LIMITS.reps },
  { name: 'hold_seconds', label: 'Hold (seconds)', limits: HEP_LIMITS.holdSeconds },
  { name: 'times_per_day', label: 'Times a day', limits: HEP_LIMITS.timesPerDay },
  { name: 'days_per_week', label: 'Days a week', limits: HEP_LIMITS.daysPerWeek },
];
const fields = [...numberFields.map((field) => field.name), 'description'] as const;

const draftOf = (item: HepItem) => ({
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
  const form = useForm({ resolver: zodResolver(hepDosageSchema), defaultValues: draftOf(item) });
  const { errors } = form.formState;

  const submit = form.handleSubmit(
    withServerErrors(
      form,
      fields,
      async (dosage) => {
        const changes = Object.fromEntries(
          Object.entries(dosage).filter(([key, value]) => item[key as keyof HepDosage] !== value),
        );
        if (Object.keys(changes).length === 0) return onDone();
        await update.mutateAsync({ hepId: item.id, body: changes });
        onDone();
      },
      // The summary under the form is shown even when the fields carry their own messages.
      { rootMessage: errorMessage },
    ),
  );

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
            error={errors[field.name]?.message}
            {...form.register(field.name)}
          />
        ))}
      </div>
      <TextArea
        label="Instructions for the patient"
        rows={2}
        maxLength={HEP_LIMITS.description}
        error={errors.description?.message}
        {...form.register('description')}
      />
      {errors.root?.server && (
        <p className="field__error" role="alert">
          {errors.root.server.message}
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

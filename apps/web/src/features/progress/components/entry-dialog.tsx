import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FunctionalEntry,
  type FunctionalSeries,
  functionalEntryInputSchema,
  type MeasureKey,
  measures,
} from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { DateField } from '@web/components/ui/date-picker/date-field.tsx';
import { isoToDate } from '@web/components/ui/date-picker/iso-date.ts';
import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import { TextArea } from '@web/components/ui/field/text-area.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { Modal } from '@web/components/ui/modal/modal.tsx';
import { withServerErrors } from '@web/lib/form-errors.ts';
import { notify } from '@web/lib/notify.ts';
import { Plus } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useAddFunctionalEntries, useCorrectFunctionalData } from '../api/functional-data.ts';
import {
  freeMeasureKeys,
  itemLabel,
  liveScore,
  maxItemCount,
  parseAnswers,
  questionnaireKeys,
  startingItemCount,
} from '../lib/measure-form.ts';

export type EntryDialogState =
  | { kind: 'questionnaire' }
  | { kind: 'free' }
  | { kind: 'correct'; series: FunctionalSeries; entry: FunctionalEntry };

const blank = (key: MeasureKey) => Array.from({ length: startingItemCount(key) }, () => '');

/**
 * The entry as typed: the answers stay text until sent (an empty box is an unanswered item), and
 * the score must be computable before anything is sent.
 */
const entryFormSchema = (today: string) =>
  functionalEntryInputSchema
    .pick({ note: true })
    .extend({
      key: z.custom<MeasureKey>(),
      name: z.string(),
      date: z.string().refine((date) => date !== '' && date <= today, {
        error: 'Choose a date that is not in the future',
      }),
      answers: z.array(z.string()),
    })
    .superRefine((values, context) => {
      const score = liveScore(values.key, values.answers);
      if (!score.ok) context.addIssue({ code: 'custom', path: ['answers'], message: score.error });
    });

const optionsOf = (keys: MeasureKey[]) => keys.map((key) => ({ value: key, label: measures[key].name }));

type Props = {
  patientId: number;
  state: EntryDialogState;
  /** Today in the clinic's timezone: the default and the latest date allowed. */
  today: string;
  onClose: () => void;
};

/** A new questionnaire or measured value, or a correction of one entry; the score shows as it is typed. */
export function EntryDialog({ patientId, state, today, onClose }: Props) {
  const add = useAddFunctionalEntries(patientId);
  const correct = useCorrectFunctionalData(patientId);
  const isCorrection = state.kind === 'correct';
  const form = useForm({
    resolver: zodResolver(entryFormSchema(today)),
    defaultValues: (() => {
      const key: MeasureKey = state.kind === 'correct' ? state.series.key : state.kind === 'free' ? 'rom' : 'nprs';
      return {
        key,
        name: '',
        date: state.kind === 'correct' ? state.entry.date : today,
        answers: state.kind === 'correct' ? state.entry.answers.map((a) => (a === null ? '' : String(a))) : blank(key),
        note: state.kind === 'correct' ? state.entry.note : '',
      };
    })(),
  });
  const { errors } = form.formState;
  // One message under the form, in the order the checks are read: the date, the answers, the server.
  const error = errors.date?.message ?? errors.answers?.message ?? errors.root?.server?.message;
  const key = useWatch({ control: form.control, name: 'key' });
  const answers = useWatch({ control: form.control, name: 'answers' });
  const setAnswers = (next: string[]) => form.setValue('answers', next);
  const measure = measures[key];
  const score = liveScore(key, answers);
  const isFree = freeMeasureKeys.includes(key);

  const chooseMeasure = (next: MeasureKey) => {
    form.setValue('key', next);
    setAnswers(blank(next));
    form.clearErrors();
  };

  const submit = form.handleSubmit(
    withServerErrors(form, [], async (values) => {
      const entry = { date: values.date, answers: parseAnswers(values.answers), note: values.note };
      if (state.kind === 'correct') {
        await correct.mutateAsync({ id: state.series.id, entries: [{ id: state.entry.id, ...entry }] });
      } else {
        const name = values.name.trim() || undefined;
        await add.mutateAsync({ datatype_id: measure.datatypeId, name, entries: [entry] });
      }
      notify.success(isCorrection ? 'The entry is corrected' : `${measure.name} saved`);
      onClose();
    }),
  );

  const title =
    state.kind === 'correct'
      ? `Correct ${state.series.name}`
      : state.kind === 'free'
        ? 'Add a measured value'
        : 'Add a questionnaire';

  return (
    <Modal isOpen onClose={onClose} title={title} size="lg">
      <form className="entry-form" aria-label={title} onSubmit={submit} noValidate>
        <div className="entry-form__head">
          {!isCorrection && (
            <Dropdown
              label="Measure"
              options={optionsOf(state.kind === 'free' ? freeMeasureKeys : questionnaireKeys)}
              value={key}
              onChange={chooseMeasure}
            />
          )}
          {state.kind === 'free' && (
            <TextField
              label="What was measured"
              placeholder={key === 'rom' ? 'e.g. Right knee flexion' : measure.name}
              maxLength={80}
              {...form.register('name')}
            />
          )}
          <DateField
            control={form.control}
            name="date"
            emptyAs=""
            label="Date"
            required
            maxDate={isoToDate(today) ?? undefined}
          />
        </div>
        <fieldset className="entry-form__items">
          <legend className="entry-form__legend">
            {isFree ? 'Measured value' : `${measure.name} answers`}
            {measure.items.maxMissing > 0 && !isFree && ` (up to ${measure.items.maxMissing} may be left empty)`}
          </legend>
          <div className="entry-form__grid">
            {answers.map((answer, index) => (
              <TextField
                // biome-ignore lint/suspicious/noArrayIndexKey: the answers are the questionnaire's items, by position
                key={index}
                label={itemLabel(key, index)}
                type="number"
                inputMode="decimal"
                min={measure.items.min}
                max={measure.items.max}
                value={answer}
                onChange={(e) => setAnswers(answers.map((a, i) => (i === index ? e.target.value : a)))}
              />
            ))}
          </div>
          {key === 'psfs' && answers.length < maxItemCount(key) && (
            <Button
              variant="ghost"
              size="sm"
              icon={<Plus size={16} aria-hidden="true" />}
              onClick={() => setAnswers([...answers, ''])}
            >
              Add an activity
            </Button>
          )}
        </fieldset>
        <output className={`entry-form__score${score.ok ? '' : ' entry-form__score--pending'}`} aria-live="polite">
          {isFree
            ? score.ok
              ? `Value: ${score.score} ${measure.unit}`
              : 'Enter the measured value'
            : score.ok
              ? `Score: ${score.score} ${measure.unit}`
              : `No score yet: ${score.error}`}
        </output>
        <TextArea label="Note" rows={2} maxLength={500} {...form.register('note')} />
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <div className="entry-form__actions">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={add.isPending || correct.isPending}>
            {isCorrection ? 'Save' : 'Send'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

import { type FunctionalEntry, type FunctionalSeries, type MeasureKey, measures } from '@rehabit/contract';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button/button.tsx';
import { DatePicker } from '../../../components/ui/date-picker/date-picker.tsx';
import { dateToIso, isoToDate } from '../../../components/ui/date-picker/iso-date.ts';
import { Dropdown } from '../../../components/ui/dropdown/dropdown.tsx';
import { TextArea } from '../../../components/ui/field/text-area.tsx';
import { TextField } from '../../../components/ui/field/text-field.tsx';
import { Modal } from '../../../components/ui/modal/modal.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.ts';
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
  const [key, setKey] = useState<MeasureKey>(
    state.kind === 'correct' ? state.series.key : state.kind === 'free' ? 'rom' : 'nprs',
  );
  const [name, setName] = useState('');
  const [date, setDate] = useState(state.kind === 'correct' ? state.entry.date : today);
  const [answers, setAnswers] = useState<string[]>(() =>
    state.kind === 'correct' ? state.entry.answers.map((a) => (a === null ? '' : String(a))) : blank(key),
  );
  const [note, setNote] = useState(state.kind === 'correct' ? state.entry.note : '');
  const [error, setError] = useState<string>();
  const measure = measures[key];
  const score = liveScore(key, answers);
  const isFree = freeMeasureKeys.includes(key);

  const chooseMeasure = (next: MeasureKey) => {
    setKey(next);
    setAnswers(blank(next));
    setError(undefined);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!date || date > today) return setError('Choose a date that is not in the future');
    if (!score.ok) return setError(score.error);
    const entry = { date, answers: parseAnswers(answers), note: note.trim() };
    const done = {
      onSuccess: () => {
        notify.success(isCorrection ? 'The entry is corrected' : `${measure.name} saved`);
        onClose();
      },
      onError: (e: unknown) => setError(errorMessage(e)),
    };
    if (state.kind === 'correct') {
      correct.mutate({ id: state.series.id, entries: [{ id: state.entry.id, ...entry }] }, done);
    } else {
      add.mutate({ datatype_id: measure.datatypeId, name: name.trim() || undefined, entries: [entry] }, done);
    }
  };

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
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          )}
          <DatePicker
            label="Date"
            required
            value={isoToDate(date)}
            maxDate={isoToDate(today) ?? undefined}
            onChange={(d) => setDate(dateToIso(d) ?? '')}
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
                onChange={(e) => setAnswers((list) => list.map((a, i) => (i === index ? e.target.value : a)))}
              />
            ))}
          </div>
          {key === 'psfs' && answers.length < maxItemCount(key) && (
            <Button
              variant="ghost"
              size="sm"
              icon={<Plus size={16} aria-hidden="true" />}
              onClick={() => setAnswers((list) => [...list, ''])}
            >
              Add an activity
            </Button>
          )}
        </fieldset>
        <output className={`entry-form__score${score.ok ? '' : ' entry-form__score--pending'}`} aria-live="polite">
          {score.ok ? `Score: ${score.score} ${measure.unit}` : `No score yet: ${score.error}`}
        </output>
        <TextArea label="Note" rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
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

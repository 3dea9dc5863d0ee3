import {
  MEASURE_REPEAT_WEEKS_MAX,
  type MeasureAssignment,
  measures,
  type PatientFillableMeasure,
  patientFillableMeasures,
} from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import { QueryStates } from '@web/components/ui/feedback/query-states.tsx';
import { formatDate } from '@web/components/ui/format/format.ts';
import { errorMessage } from '@web/lib/api-error.ts';
import { notify } from '@web/lib/notify.ts';
import { useState } from 'react';
import { useAssignMeasure, useMeasureAssignments, useStopMeasure } from '../api/measure-assignments.ts';

const short: Record<PatientFillableMeasure, string> = { nprs: 'NPRS', psfs: 'PSFS' };
const measureOptions = patientFillableMeasures.map((key) => ({
  value: key,
  label: `${measures[key].name} (${short[key]})`,
}));
/** 0: once; otherwise every so many weeks. */
const repeatOptions = [
  { value: 0, label: 'Once' },
  ...Array.from({ length: MEASURE_REPEAT_WEEKS_MAX }, (_, i) => ({
    value: i + 1,
    label: i === 0 ? 'Every week' : `Every ${i + 1} weeks`,
  })),
];

const repeatText = (a: MeasureAssignment) =>
  a.repeat_weeks === null ? 'once' : a.repeat_weeks === 1 ? 'every week' : `every ${a.repeat_weeks} weeks`;

/** Where an assignment stands, in words. */
function statusText(a: MeasureAssignment) {
  switch (a.status) {
    case 'due':
      return `Due since ${formatDate(a.next_due_on!)}`;
    case 'upcoming':
      return `Next due ${formatDate(a.next_due_on!)}`;
    case 'completed':
      return `Filled in ${formatDate(a.last_filled_on!)}`;
    case 'stopped':
      return `Stopped ${formatDate(a.stopped_at!.slice(0, 10))}`;
  }
}

/**
 * The measures the patient fills in on the phone (decision 1360): assign NPRS or PSFS once or every 1–8 weeks, and
 * stop one. Their entries appear in the series below, marked as the patient's.
 */
export function MeasureAssignments({ patientId }: { patientId: number }) {
  const query = useMeasureAssignments(patientId);
  const assign = useAssignMeasure(patientId);
  const stop = useStopMeasure(patientId);
  const [measure, setMeasure] = useState<PatientFillableMeasure>('nprs');
  const [repeat, setRepeat] = useState(0);
  const results = query.data?.results ?? [];
  const running = results.filter((a) => a.status === 'due' || a.status === 'upcoming');
  const past = results.filter((a) => a.status === 'completed' || a.status === 'stopped').slice(0, 5);

  const submit = () =>
    assign.mutate(
      { measure, repeat_weeks: repeat === 0 ? null : repeat },
      {
        onSuccess: (made) =>
          notify(`${short[made.measure]} assigned: the patient sees it on Today when it is due.`, 'success'),
        onError: (error) => notify(errorMessage(error), 'error'),
      },
    );

  return (
    <section className="measure-assignments" aria-labelledby="measure-assignments-title">
      <h3 id="measure-assignments-title" className="functional-series__title">
        Measures the patient fills in
      </h3>
      <p className="functional-series__change">
        NPRS and PSFS are answered on the patient’s phone. LEFS, QuickDASH, ODI and NDI are entered here from the paper
        form: their wording is copyrighted and not shipped to patients.
      </p>
      <form
        className="measure-assignments__form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Dropdown label="Measure to assign" options={measureOptions} value={measure} onChange={setMeasure} />
        <Dropdown label="How often" options={repeatOptions} value={repeat} onChange={setRepeat} />
        <Button type="submit" size="sm" isLoading={assign.isPending}>
          Assign
        </Button>
      </form>
      <QueryStates
        query={query}
        loading={{ rows: 2, label: 'Loading the assigned measures' }}
        failedTitle="The assigned measures could not be loaded"
        isEmpty={results.length === 0}
        empty={<p className="functional-series__change">No measure is assigned to the patient yet.</p>}
      >
        <ul className="measure-assignments__list" aria-label="Assigned measures">
          {[...running, ...past].map((a) => (
            <li key={a.id} className="measure-assignments__item">
              <span>
                <strong>{measures[a.measure].name}</strong>, {repeatText(a)}: {statusText(a)}
                {a.last_filled_on && a.status !== 'completed' && `; last filled in ${formatDate(a.last_filled_on)}`}
              </span>
              {(a.status === 'due' || a.status === 'upcoming') && (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Stop ${measures[a.measure].name}`}
                  isLoading={stop.isPending && stop.variables === a.id}
                  onClick={() =>
                    stop.mutate(a.id, {
                      onSuccess: () =>
                        notify(`${short[a.measure]} stopped: the patient is no longer asked.`, 'success'),
                      onError: (error) => notify(errorMessage(error), 'error'),
                    })
                  }
                >
                  Stop
                </Button>
              )}
            </li>
          ))}
        </ul>
      </QueryStates>
    </section>
  );
}

import type { FunctionalSeries } from '@rehabit/contract';
import { measureMcid, measures } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { todayIso } from '@web/components/ui/date-picker/iso-date.ts';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { QueryStates } from '@web/components/ui/feedback/query-states.tsx';
import { formatDate } from '@web/components/ui/format/format.ts';
import { ActionsHeader } from '@web/components/ui/table/actions-header.tsx';
import { Table } from '@web/components/ui/table/table.tsx';
import { Activity, ClipboardPlus, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { useFunctionalData } from '../api/functional-data.ts';
import { answersSummary } from '../lib/measure-form.ts';
import { EntryDialog, type EntryDialogState } from './entry-dialog.tsx';
import { MeasureAssignments } from './measure-assignments.tsx';
import './functional.css';
import '@web/components/ui/button/icon-button.css';

/** "−3 since Jan 4, 2026 (better)": the change over the series, in the measure's direction. */
function changeText(series: FunctionalSeries) {
  const first = series.entries[0];
  const last = series.entries.at(-1);
  if (!first || !last || first === last) return null;
  const delta = Math.round((last.score - first.score) * 10) / 10;
  if (delta === 0) return `No change since ${formatDate(first.date)}`;
  const better = delta > 0 === series.higher_is_better;
  return `${delta > 0 ? '+' : '−'}${Math.abs(delta)} since ${formatDate(first.date)} (${better ? 'better' : 'worse'})`;
}

/**
 * The measure's minimal clinically important difference in words, and whether the change over the series reaches it
 * (decision 1360); nothing for a measure without a published value.
 */
function mcidText(series: FunctionalSeries) {
  const mcid = measureMcid[series.key];
  if (!mcid) return null;
  const first = series.entries[0];
  const last = series.entries.at(-1);
  const sentence = `Minimal clinically important difference: ${mcid.words}.`;
  if (!first || !last || first === last) return sentence;
  const change = Math.abs(last.score - first.score);
  return `${sentence} ${change >= mcid.points ? 'This change reaches it.' : 'This change is smaller.'}`;
}

/** Who made an entry: the patient on the phone, or the staff member who entered it. */
const enteredByText = (entry: FunctionalSeries['entries'][number]) =>
  entry.entered_by === 'patient' ? 'Patient' : (entry.created_by?.display_name ?? 'Staff');

/** Outcome measures of the episode: one table per series, entries added and corrected here. */
export function FunctionalDataSection({ patientId }: { patientId: number }) {
  const data = useFunctionalData(patientId);
  const allSeries = data.data?.results ?? [];
  const [dialog, setDialog] = useState<EntryDialogState | null>(null);

  return (
    <section id="functional-data" className="section-card" aria-labelledby="functional-data-title">
      <div className="section-card__head">
        <h2 id="functional-data-title" className="section-card__title">
          Functional data
        </h2>
        <div className="section-card__actions">
          <Button
            variant="secondary"
            size="sm"
            icon={<Plus size={16} aria-hidden="true" />}
            onClick={() => setDialog({ kind: 'free' })}
          >
            Add entry
          </Button>
          <Button
            size="sm"
            icon={<ClipboardPlus size={16} aria-hidden="true" />}
            onClick={() => setDialog({ kind: 'questionnaire' })}
          >
            Add questionnaire
          </Button>
        </div>
      </div>
      <MeasureAssignments patientId={patientId} />
      <QueryStates
        query={data}
        loading={{ rows: 3, label: 'Loading the functional data' }}
        failedTitle="The functional data could not be loaded"
        isEmpty={allSeries.length === 0}
        empty={
          <EmptyState
            icon={Activity}
            title="No outcome measures yet"
            description="Add a questionnaire such as NPRS, LEFS or ODI, or a measured value such as range of motion, to follow change over the episode."
          />
        }
      >
        <div className="functional-series-list">
          {allSeries.map((series) => (
            <div key={series.id} className="functional-series">
              <h3 className="functional-series__title">
                {series.name} <span className="functional-series__unit">({series.unit})</span>
              </h3>
              {changeText(series) && <p className="functional-series__change">{changeText(series)}</p>}
              {mcidText(series) && <p className="functional-series__change">{mcidText(series)}</p>}
              <Table caption={`${series.name} entries`}>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Score</th>
                    <th scope="col">Answers</th>
                    <th scope="col">Note</th>
                    <th scope="col">Entered by</th>
                    <ActionsHeader />
                  </tr>
                </thead>
                <tbody>
                  {series.entries.map((entry) => (
                    <tr key={entry.id}>
                      <td>{formatDate(entry.date)}</td>
                      <td className="functional-series__score">{entry.score}</td>
                      <td>
                        {answersSummary(series.key, entry.answers) || '–'}
                        {entry.activities && ` (${entry.activities.join(', ')})`}
                      </td>
                      <td className="functional-series__note">{entry.note || '–'}</td>
                      <td>{enteredByText(entry)}</td>
                      <td>
                        <button
                          type="button"
                          className="icon-button"
                          aria-label={`Correct the ${measures[series.key].name} entry of ${formatDate(entry.date)}`}
                          onClick={() => setDialog({ kind: 'correct', series, entry })}
                        >
                          <Pencil size={16} aria-hidden="true" />
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          ))}
        </div>
      </QueryStates>
      {dialog && (
        <EntryDialog
          patientId={patientId}
          state={dialog}
          // The clinic's today once loaded; until then the viewer's, which the server still checks.
          today={data.data?.today ?? todayIso()}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}

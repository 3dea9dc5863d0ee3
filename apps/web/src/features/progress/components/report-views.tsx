import type { HealthMetricKind, Progress, ReportView } from '@rehabit/contract';
import { Table } from '@web/components/ui/table/table.tsx';
import { chartedKinds, dayValues, formatValue, levelCounts, metricInfo, weekAverage } from '../lib/metrics.ts';
import { shortDay } from '../lib/summaries.ts';
import { weekName, weekOf } from '../lib/weeks.ts';

const percent = (value: number | null) => (value === null ? '–' : `${Math.round(value)}%`);
const difficultyWords = (value: number | null) =>
  value === null ? '–' : value < 1.5 ? 'Easy' : value < 2.5 ? 'About right' : 'Hard';

/** The week as numbers: averages, time at each level, each exercise, or each day (decision 0420). */
export function ReportViewTable({ progress, view }: { progress: Progress; view: ReportView }) {
  const kinds = chartedKinds(progress);
  // Every table names the week it shows: a week paged back to is never "this week".
  const week = weekOf(progress.week_start);
  switch (view) {
    case 'average':
      return (
        <Table caption={`Averages, ${week}`}>
          <thead>
            <tr>
              <th scope="col">Measure</th>
              <th scope="col">{weekName(progress.week_start)}</th>
              <th scope="col">Days with data</th>
            </tr>
          </thead>
          <tbody>
            {kinds.map((kind) => (
              <tr key={kind}>
                <th scope="row">{metricInfo[kind].label}</th>
                <td>{formatValue(kind, weekAverage(progress, kind))}</td>
                <td>{dayValues(progress, kind).filter((d) => d.value !== null).length}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      );
    case 'level':
      return (
        <Table caption={`Days at each level, ${week}`}>
          <thead>
            <tr>
              <th scope="col">Measure</th>
              <th scope="col">Days per level</th>
            </tr>
          </thead>
          <tbody>
            {kinds.map((kind: HealthMetricKind) => (
              <tr key={kind}>
                <th scope="row">{metricInfo[kind].label}</th>
                <td>
                  {levelCounts(
                    kind,
                    dayValues(progress, kind).map((d) => d.value),
                  )
                    .map((c) => `${c.level.name} ${c.days}`)
                    .join(' · ')}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      );
    case 'details':
      return progress.summary.exercises.length === 0 ? (
        <p className="report-view__empty">No exercises were assigned in the {week}.</p>
      ) : (
        <Table caption={`Exercises assigned and done, ${week}`}>
          <thead>
            <tr>
              <th scope="col">Exercise</th>
              <th scope="col">Assigned</th>
              <th scope="col">Done</th>
              <th scope="col">Engagement</th>
            </tr>
          </thead>
          <tbody>
            {progress.summary.exercises.map((exercise) => (
              <tr key={exercise.hep_id}>
                <th scope="row">{exercise.title}</th>
                <td>{exercise.assigned}</td>
                <td>{exercise.done}</td>
                <td>{percent(exercise.assigned > 0 ? (exercise.done / exercise.assigned) * 100 : null)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      );
    case 'engagement':
      return (
        <Table caption={`Engagement per day, ${week}`}>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Assigned</th>
              <th scope="col">Done</th>
              <th scope="col">Engagement</th>
              <th scope="col">Difficulty</th>
            </tr>
          </thead>
          <tbody>
            {progress.days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{shortDay(day.date)}</th>
                <td>{day.is_future ? '–' : day.assigned}</td>
                <td>{day.is_future ? '–' : day.done}</td>
                <td>{day.is_future ? 'Not yet' : percent(day.engagement)}</td>
                <td>{difficultyWords(day.difficulty)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      );
  }
}

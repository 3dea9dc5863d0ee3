import type { ChartMode, Progress, ReportView } from '@rehabit/contract';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { SkeletonList } from '@web/components/ui/feedback/skeleton.tsx';
import { LineChart } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { dayCount, daysSoFar, weekName, weekOf, weeksAgoText } from '../lib/weeks.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { ReportViewTable } from './report-views.tsx';

// The charts load with the section, not with the first screen.
const WeekCharts = lazy(() => import('./week-charts.tsx'));

const modeOptions: { value: ChartMode; label: string }[] = [
  { value: 'linear', label: 'Line' },
  { value: 'normalDistribution', label: 'Distribution' },
  { value: 'level', label: 'Levels' },
];
const viewOptions: { value: ReportView; label: string }[] = [
  { value: 'average', label: 'Averages' },
  { value: 'level', label: 'Levels' },
  { value: 'details', label: 'Exercises' },
  { value: 'engagement', label: 'Engagement' },
];

type Props = {
  week: Progress;
  isStale: boolean;
  mode: ChartMode;
  onMode: (mode: ChartMode) => void;
  view: ReportView;
  onView: (view: ReportView) => void;
};

/**
 * One Sunday–Saturday week, named by its date. Its facts say what they count: data days are the week's (of its days
 * so far), the exercise streak runs up to today whichever week is shown.
 */
export function WeekView({ week, isStale, mode, onMode, view, onView }: Props) {
  const name = weekName(week.week_start);
  const today = week.days.filter((d) => !d.is_future).at(-1)?.date ?? week.week_start;
  const isEmpty = week.summary.assigned === 0 && week.summary.data_days === 0 && week.summary.exercises.length === 0;
  return (
    <div aria-busy={isStale || undefined}>
      <h3 className="progress-week" aria-live="polite">
        <strong>{name}</strong>{' '}
        <span className="progress-week__note">· Sunday to Saturday, {weeksAgoText(week.weeks_ago)}</span>
      </h3>
      <dl className="progress-facts">
        <div>
          <dt>Engagement</dt>
          <dd>
            {week.summary.engagement === null ? '–' : `${Math.round(week.summary.engagement)}%`}{' '}
            <span className="progress-facts__sub">
              {week.summary.done} of {week.summary.assigned} sessions done
            </span>
          </dd>
        </div>
        <div>
          <dt>Data days</dt>
          <dd>
            {week.summary.data_days} of {dayCount(daysSoFar(week.week_start, today))}{' '}
            <span className="progress-facts__sub">with exercise, pain, steps or an outcome recorded</span>
          </dd>
        </div>
        <div>
          <dt>Exercise streak</dt>
          <dd>
            {dayCount(week.streak)}{' '}
            <span className="progress-facts__sub">in a row with an exercise done, up to today</span>
          </dd>
        </div>
      </dl>
      {isEmpty ? (
        <EmptyState
          icon={LineChart}
          title={`No progress in the ${weekOf(week.week_start)}`}
          description="Nothing was assigned or recorded in that week. Build a program above, or look at another week."
        />
      ) : (
        <>
          <div className="progress-controls">
            <ChoiceGroup legend="Chart" options={modeOptions} value={mode} onChange={onMode} />
          </div>
          <Suspense fallback={<SkeletonList rows={2} label="Loading the charts" />}>
            <WeekCharts progress={week} mode={mode} />
          </Suspense>
          <div className="progress-controls">
            <ChoiceGroup legend="Report" options={viewOptions} value={view} onChange={onView} />
          </div>
          <div className="progress-report">
            <ReportViewTable progress={week} view={view} />
          </div>
        </>
      )}
    </div>
  );
}

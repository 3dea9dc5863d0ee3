import type { ChartMode, Progress, ReportView } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import { SkeletonList } from '@web/components/ui/feedback/skeleton.tsx';
import { formatDate } from '@web/components/ui/format/format.ts';
import { ChevronLeft, ChevronRight, LineChart } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useProgress } from '../api/get-progress.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { ReportViewTable } from './report-views.tsx';
import './progress.css';

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

/** The API answers weeks up to ten years back (`progressQuerySchema`). */
const OLDEST_WEEK = 520;

const days = (count: number) => (count === 1 ? '1 day' : `${count} days`);

/** Week by week: adherence, pain, activity and readings, charted and in numbers. */
export function ProgressSection({ patientId }: { patientId: number }) {
  const [weeksAgo, setWeeksAgo] = useState(0);
  const [mode, setMode] = useState<ChartMode>('linear');
  const [view, setView] = useState<ReportView>('average');
  const progress = useProgress(patientId, weeksAgo);

  return (
    <section id="progress" className="section-card" aria-labelledby="progress-title">
      <div className="section-card__head">
        <h2 id="progress-title" className="section-card__title">
          Progress
        </h2>
        <nav className="week-nav" aria-label="Week">
          <Button
            variant="ghost"
            size="sm"
            icon={<ChevronLeft size={16} aria-hidden="true" />}
            disabled={weeksAgo >= OLDEST_WEEK}
            onClick={() => setWeeksAgo((w) => Math.min(OLDEST_WEEK, w + 1))}
          >
            Previous week
          </Button>
          <Button variant="ghost" size="sm" disabled={weeksAgo === 0} onClick={() => setWeeksAgo(0)}>
            This week
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={weeksAgo === 0}
            onClick={() => setWeeksAgo((w) => Math.max(0, w - 1))}
          >
            Next week <ChevronRight size={16} aria-hidden="true" />
          </Button>
        </nav>
      </div>
      {progress.isPending ? (
        <SkeletonList rows={3} label="Loading the progress week" />
      ) : progress.isError ? (
        <ErrorState
          title="The progress week could not be loaded"
          error={progress.error}
          onRetry={() => progress.refetch()}
          isRetrying={progress.isFetching}
        />
      ) : (
        <WeekView
          week={progress.data}
          isStale={progress.isPlaceholderData}
          mode={mode}
          onMode={setMode}
          view={view}
          onView={setView}
        />
      )}
    </section>
  );
}

type WeekViewProps = {
  week: Progress;
  isStale: boolean;
  mode: ChartMode;
  onMode: (mode: ChartMode) => void;
  view: ReportView;
  onView: (view: ReportView) => void;
};

function WeekView({ week, isStale, mode, onMode, view, onView }: WeekViewProps) {
  const weeksAgo = week.weeks_ago;
  const isEmpty = week.summary.assigned === 0 && week.summary.data_days === 0 && week.summary.exercises.length === 0;
  return (
    <div aria-busy={isStale || undefined}>
      <p className="progress-week" aria-live="polite">
        <strong>
          {weeksAgo === 0 ? 'This week' : weeksAgo === 1 ? 'Last week' : `${weeksAgo} weeks ago`}:{' '}
          {formatDate(week.week_start)} – {formatDate(week.week_end)}
        </strong>
      </p>
      <dl className="progress-facts">
        <div>
          <dt>Engagement</dt>
          <dd>
            {week.summary.engagement === null ? '–' : `${Math.round(week.summary.engagement)}%`}{' '}
            <span className="progress-facts__sub">
              {week.summary.done} of {week.summary.assigned} sessions
            </span>
          </dd>
        </div>
        <div>
          <dt>Data days</dt>
          <dd>{days(week.summary.data_days)}</dd>
        </div>
        <div>
          <dt>Streak</dt>
          <dd>{days(week.streak)}</dd>
        </div>
      </dl>
      {isEmpty ? (
        <EmptyState
          icon={LineChart}
          title="No progress this week"
          description="Nothing was assigned or recorded in this week. Build a program above, or look at another week."
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

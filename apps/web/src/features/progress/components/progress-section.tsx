import type { ChartMode, ReportView } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import { QueryStates } from '@web/components/ui/feedback/query-states.tsx';
import { SkeletonList } from '@web/components/ui/feedback/skeleton.tsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useProgress, useProgressTrend } from '../api/get-progress.ts';
import { hasHistory } from '../lib/trend.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { TrendView } from './trend-view.tsx';
import { WeekView } from './week-view.tsx';
import './progress.css';

type Shown = 'trend' | 'week';
const shownOptions: { value: Shown; label: string }[] = [
  { value: 'trend', label: 'Trend' },
  { value: 'week', label: 'Week' },
];

/** The API answers weeks up to ten years back (`progressQuerySchema`). */
const OLDEST_WEEK = 520;

/**
 * Progress: the episode's trend week by week, or one week in detail. The trend opens when there is more than a week
 * of history, the week before that (decision 1140); either can be chosen, and a week of the trend opens in the week.
 */
export function ProgressSection({ patientId }: { patientId: number }) {
  const trend = useProgressTrend(patientId);
  const [chosen, setChosen] = useState<Shown | null>(null);
  const [weeksAgo, setWeeksAgo] = useState(0);
  const [mode, setMode] = useState<ChartMode>('linear');
  const [view, setView] = useState<ReportView>('average');
  const [focusTitle, setFocusTitle] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  const shown: Shown = chosen ?? (trend.data && hasHistory(trend.data) ? 'trend' : 'week');
  const isDeciding = chosen === null && trend.isPending;
  // The week is read only when shown, so opening the dashboard on the trend reads (and audits) the trend alone.
  const progress = useProgress(patientId, weeksAgo, !isDeciding && shown === 'week');

  // A week opened from the trend replaces it: focus goes to the section's title, where the week begins.
  useEffect(() => {
    if (!focusTitle) return;
    title.current?.focus();
    setFocusTitle(false);
  }, [focusTitle]);

  const openWeek = (weeks: number) => {
    setWeeksAgo(weeks);
    setChosen('week');
    setFocusTitle(true);
  };

  return (
    <section id="progress" className="section-card" aria-labelledby="progress-title">
      <div className="section-card__head">
        <h2 id="progress-title" className="section-card__title" ref={title} tabIndex={-1}>
          Progress
        </h2>
        {shown === 'week' && !isDeciding && (
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
        )}
      </div>
      {isDeciding ? (
        <SkeletonList rows={3} label="Loading the progress" />
      ) : (
        <>
          <div className="progress-controls">
            <ChoiceGroup legend="View" options={shownOptions} value={shown} onChange={setChosen} />
          </div>
          {shown === 'trend' ? (
            trend.isError ? (
              <ErrorState
                title="The progress trend could not be loaded"
                error={trend.error}
                onRetry={() => trend.refetch()}
                isRetrying={trend.isFetching}
              />
            ) : trend.data ? (
              <TrendView patientId={patientId} trend={trend.data} onOpenWeek={openWeek} />
            ) : (
              <SkeletonList rows={3} label="Loading the progress trend" />
            )
          ) : (
            <QueryStates
              query={progress}
              loading={{ rows: 3, label: 'Loading the progress week' }}
              failedTitle="The progress week could not be loaded"
            >
              {(week) => (
                <WeekView
                  week={week}
                  isStale={progress.isPlaceholderData}
                  mode={mode}
                  onMode={setMode}
                  view={view}
                  onView={setView}
                />
              )}
            </QueryStates>
          )}
        </>
      )}
    </section>
  );
}

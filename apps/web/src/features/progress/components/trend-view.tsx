import type { ProgressTrend } from '@rehabit/contract';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { SkeletonChart } from '@web/components/ui/feedback/skeleton.tsx';
import { formatDate } from '@web/components/ui/format/format.ts';
import { LineChart } from 'lucide-react';
import { lazy, Suspense, useId, useMemo } from 'react';
import { useFunctionalData } from '../api/functional-data.ts';
import { historyStart, markText, type OutcomeMark, outcomeMarks, trendHasData, trendSummary } from '../lib/trend.ts';
import { weekName, weekOf } from '../lib/weeks.ts';
import { TrendTable } from './trend-table.tsx';
import './trend.css';

// Chart.js is downloaded only when a trend is drawn (the architecture's bundle budget).
const TrendChart = lazy(() => import('./trend-chart.tsx'));

/** "Episode since Jul 22, 2026", "Episode Jun 1, 2026 – Feb 4, 2027", "Registered Nov 2, 2026, not onboarded yet". */
function historyText(trend: ProgressTrend) {
  const { episode } = trend;
  if (!episode) return `Registered ${formatDate(trend.registered)}, not onboarded yet`;
  if (episode.ended) return `Episode ${formatDate(episode.started)} – ${formatDate(episode.ended)}`;
  return `Episode since ${formatDate(episode.started)}`;
}

type Props = { patientId: number; trend: ProgressTrend; onOpenWeek: (weeksAgo: number) => void };

/** The episode week by week: engagement, pain and steps, with the outcome assessments marked (decision 1140). */
export function TrendView({ patientId, trend, onOpenWeek }: Props) {
  // The same query as the functional data section's: one read serves both.
  const functional = useFunctionalData(patientId);
  const marks = useMemo(() => outcomeMarks(trend, functional.data?.results ?? []), [trend, functional.data]);
  const first = trend.weeks[0]!;
  const last = trend.weeks.at(-1)!;
  return (
    <div className="trend">
      <h3 className="progress-week">
        <strong>
          {weekName(first.week_start)} to the {weekOf(last.week_start)}
        </strong>{' '}
        <span className="progress-week__note">
          · {historyText(trend)}
          {first.week_start > historyStart(trend) ? `, its last ${trend.weeks.length} weeks shown` : ''}
        </span>
      </h3>
      {trendHasData(trend) ? (
        <TrendFigure trend={trend} marks={marks} functionalFailed={functional.isError} onOpenWeek={onOpenWeek} />
      ) : (
        <EmptyState
          icon={LineChart}
          title="No progress in these weeks"
          description="Nothing was assigned or recorded since the history began. Build a program above to follow it here."
        />
      )}
    </div>
  );
}

type FigureProps = {
  trend: ProgressTrend;
  marks: OutcomeMark[];
  functionalFailed: boolean;
  onOpenWeek: (weeksAgo: number) => void;
};

function TrendFigure({ trend, marks, functionalFailed, onOpenWeek }: FigureProps) {
  const id = useId();
  return (
    <>
      <figure className="trend-figure" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`}>
        <figcaption id={`${id}-title`} className="trend-figure__title">
          Engagement, pain and steps by week
        </figcaption>
        <Suspense fallback={<SkeletonChart label="Drawing the trend" height="360px" />}>
          <TrendChart weeks={trend.weeks} marks={marks} onOpenWeek={onOpenWeek} />
        </Suspense>
        {marks.length > 0 && (
          <ol className="trend-marks" aria-label="Outcome measures marked on the chart">
            {marks.map((mark) => (
              <li key={mark.date}>
                <span className="trend-marks__badge">{mark.number}</span> {markText(mark)}
              </li>
            ))}
          </ol>
        )}
        <p id={`${id}-summary`} className="trend-figure__summary">
          {trendSummary(trend, marks)}
        </p>
        {functionalFailed && (
          <p className="trend-figure__summary">The outcome measures could not be loaded, so none are marked.</p>
        )}
      </figure>
      <details className="trend-table">
        <summary>Week by week as a table</summary>
        <TrendTable trend={trend} marks={marks} onOpenWeek={onOpenWeek} />
      </details>
    </>
  );
}

import type { ChartMode, Progress } from '@rehabit/contract';
import { chartedKinds, dayValues } from '../lib/metrics.ts';
import { WeekChart } from './week-chart.tsx';
import './week-charts.css';

/** Every charted kind of the week in the chosen mode; loaded on demand with the progress section. */
export default function WeekCharts({ progress, mode }: { progress: Progress; mode: ChartMode }) {
  return (
    <div className="week-charts">
      {chartedKinds(progress).map((kind) => (
        <WeekChart key={kind} kind={kind} days={dayValues(progress, kind)} mode={mode} />
      ))}
    </div>
  );
}

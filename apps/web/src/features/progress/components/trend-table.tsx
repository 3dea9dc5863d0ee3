import type { ProgressTrend } from '@rehabit/contract';
import { Table } from '@web/components/ui/table/table.tsx';
import { type OutcomeMark, trendMeasures, trendValue } from '../lib/trend.ts';
import { daysSoFar, weekName } from '../lib/weeks.ts';

type Props = { trend: ProgressTrend; marks: OutcomeMark[]; onOpenWeek: (weeksAgo: number) => void };

/** The trend's figures week by week, oldest first as charted; each week opens in the week view. */
export function TrendTable({ trend, marks, onOpenWeek }: Props) {
  const [engagement, pain, steps] = trendMeasures;
  return (
    <Table caption="Engagement, pain and steps week by week">
      <thead>
        <tr>
          <th scope="col">Week</th>
          <th scope="col">Engagement</th>
          <th scope="col">Pain (NPRS 0–10)</th>
          <th scope="col">Steps a day</th>
          <th scope="col">Data days</th>
          <th scope="col">Outcome measures</th>
        </tr>
      </thead>
      <tbody>
        {trend.weeks.map((week, i) => {
          const own = marks.filter((mark) => mark.week === i);
          return (
            <tr key={week.week_start}>
              <th scope="row">
                <button type="button" className="trend-table__week" onClick={() => onOpenWeek(week.weeks_ago)}>
                  {weekName(week.week_start)}
                </button>
              </th>
              <td>
                {week.engagement === null ? '–' : trendValue(engagement, week.engagement)}
                {week.assigned > 0 && (
                  <span className="data-table__secondary">
                    {week.done} of {week.assigned} sessions
                  </span>
                )}
              </td>
              <td>{week.pain === null ? '–' : trendValue(pain, week.pain)}</td>
              <td>{week.steps === null ? '–' : trendValue(steps, week.steps).replace(' a day', '')}</td>
              <td>
                {week.data_days} of {daysSoFar(week.week_start, trend.today)}
              </td>
              <td>
                {own.length === 0 ? '–' : own.map((mark) => `${mark.number}. ${mark.scores.join(', ')}`).join('; ')}
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

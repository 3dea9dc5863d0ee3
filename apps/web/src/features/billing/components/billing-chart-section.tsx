import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import { Skeleton, SkeletonChart } from '@web/components/ui/feedback/skeleton.tsx';
import { Currency } from '@web/components/ui/format/currency.tsx';
import { formatCurrency } from '@web/components/ui/format/format.ts';
import { Table } from '@web/components/ui/table/table.tsx';
import { lazy, Suspense } from 'react';
import { useBillingChart } from '../api/get-billing-chart.ts';
import { type ChartRow, chartCodes, chartRows } from '../lib/chart-rows.ts';
import { codeColours, unitsText } from './billing-labels.ts';

// The chart library is downloaded only when this screen draws its chart (the architecture's bundle budget).
const BillingChart = lazy(() => import('./billing-chart.tsx'));

type BillingChartSectionProps = {
  clinic: string | null;
  /** The month shown on the screen; its year is charted. */
  month: string;
  /** The clinic's current month: the chart of this year stops there. */
  latest: string;
};

/** The year of the month shown, month by month: units per code and the expected payment (decision 0804). */
export function BillingChartSection({ clinic, month, latest }: BillingChartSectionProps) {
  const year = Number(month.slice(0, 4));
  const currentMonth = year === Number(latest.slice(0, 4)) ? Number(latest.slice(5, 7)) : 12;
  const chart = useBillingChart(clinic, year, currentMonth, true);
  const data = chart.data?.year === year ? chart.data : undefined;
  const title = `${year} by month`;

  return (
    <section className="section-card" aria-labelledby="billing-chart-title">
      <h2 id="billing-chart-title" className="section-card__title">
        {title}
      </h2>
      {chart.isError ? (
        <ErrorState
          title={`The chart of ${year} could not be loaded`}
          error={chart.error}
          onRetry={() => chart.refetch()}
          isRetrying={chart.isFetching}
        />
      ) : !data ? (
        <div role="status">
          <span className="visually-hidden">Loading the chart of {year}</span>
          <Skeleton height="320px" />
        </div>
      ) : (
        <YearChart rows={chartRows(data)} codes={chartCodes(data)} year={year} />
      )}
    </section>
  );
}

function YearChart({ rows, codes, year }: { rows: ChartRow[]; codes: ReturnType<typeof chartCodes>; year: number }) {
  const units = rows.reduce((sum, row) => sum + row.units, 0);
  if (units === 0)
    return (
      <p className="billing-note">
        Nothing was billed in {year} up to {rows.at(-1)?.name ?? year}.
      </p>
    );
  const expected = rows.reduce((sum, row) => sum + row.expected, 0);
  const running = rows.find((row) => row.isProvisional);
  return (
    <figure className="billing-figure">
      <figcaption className="billing-figure__summary">
        {rows[0]?.name.split(' ')[0]} to {rows.at(-1)?.name}: {unitsText(units)} and {formatCurrency(expected)} expected
        in all{running ? `; ${running.name} is still running` : ''}.
      </figcaption>
      <Suspense fallback={<SkeletonChart label="Drawing the chart" height="320px" />}>
        <BillingChart rows={rows} codes={codes} colours={codeColours} formatMoney={formatCurrency} />
      </Suspense>
      <details className="billing-figure__table">
        <summary>The chart’s figures as a table</summary>
        <Table caption={`Units per code and expected payment, ${year} by month`}>
          <thead>
            <tr>
              <th scope="col">Month</th>
              {codes.map((code) => (
                <th key={code} scope="col" className="data-table__number">
                  {code}
                </th>
              ))}
              <th scope="col" className="data-table__number">
                Expected payment
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.month}>
                <th scope="row">
                  {row.name}
                  {row.isProvisional && <span className="data-table__secondary">so far</span>}
                </th>
                {codes.map((code) => (
                  <td key={code} className="data-table__number tabular">
                    {row[code] ?? 0}
                  </td>
                ))}
                <td className="data-table__number">
                  <Currency value={row.expected} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </details>
    </figure>
  );
}

import type { ChartMode, HealthMetricKind } from '@rehabit/contract';
import { useId } from 'react';
import { clampTo, type DayValue, levelOf, metricInfo, type Stats, statsOf, valueRange } from '../lib/metrics.ts';
import { chartSummary, weekday } from '../lib/summaries.ts';

const W = 320;
const H = 176;
const M = { left: 48, right: 10, top: 12, bottom: 40 };
const PW = W - M.left - M.right;
const PH = H - M.top - M.bottom;
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

const modeNames: Record<ChartMode, string> = {
  linear: 'by day',
  normalDistribution: 'distribution of the daily values',
  level: 'levels by day',
};

type Props = { kind: HealthMetricKind; days: DayValue[]; mode: ChartMode };

/** One kind over the week, as an SVG with labelled axes and its summary in words (decision 0420). */
export function WeekChart({ kind, days, mode }: Props) {
  const id = useId();
  const info = metricInfo[kind];
  const stats = statsOf(days.map((d) => d.value));
  const summary = chartSummary(kind, days, mode);
  return (
    <figure className="week-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="week-chart__title">
        {info.label} <span className="week-chart__unit">({info.unit})</span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} className="week-chart__svg" role="img" aria-describedby={`${id}-summary`}>
        <title>{`${info.label} chart, ${modeNames[mode]}`}</title>
        {mode === 'normalDistribution' ? (
          <Distribution kind={kind} stats={stats} values={days.map((d) => d.value)} />
        ) : (
          <Days kind={kind} days={days} mode={mode} />
        )}
      </svg>
      {mode === 'level' && (
        <ul className="week-chart__legend" aria-hidden="true">
          {info.levels.map((level) => (
            <li key={level.name}>
              <span className={`week-chart__swatch tone-${level.tone}`} />
              {level.name} (from {compact.format(level.min)})
            </li>
          ))}
        </ul>
      )}
      <p id={`${id}-summary`} className="week-chart__summary">
        {summary}
      </p>
    </figure>
  );
}

/** The value axis from `lo` to `hi`, with a tick at each end and halfway. */
function YAxis({ lo, hi, title }: { lo: number; hi: number; title: string }) {
  const y = (v: number) => M.top + PH - ((v - lo) / (hi - lo)) * PH;
  return (
    <g className="week-chart__axis">
      {[lo, (lo + hi) / 2, hi].map((t) => (
        <g key={t}>
          <line x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} className="week-chart__grid" />
          <text x={M.left - 6} y={y(t) + 4} textAnchor="end">
            {compact.format(t)}
          </text>
        </g>
      ))}
      <text
        transform={`translate(12 ${M.top + PH / 2}) rotate(-90)`}
        textAnchor="middle"
        className="week-chart__axis-title"
      >
        {title}
      </text>
    </g>
  );
}

/** Linear: a line over the days with data; level: a bar per day coloured (and named in words) by its level. */
function Days({ kind, days, mode }: { kind: HealthMetricKind; days: DayValue[]; mode: ChartMode }) {
  const info = metricInfo[kind];
  // From the lowest value the kind can take to its usual ceiling, or the week's highest value within the range.
  const lo = valueRange(kind)[0];
  const hi = clampTo(kind, Math.max(info.max, ...days.map((d) => d.value ?? lo)));
  const step = PW / days.length;
  const x = (i: number) => M.left + step * (i + 0.5);
  const y = (v: number) => M.top + PH - ((v - lo) / (hi - lo)) * PH;
  const segments: string[][] = [];
  // A day without data breaks the line: nothing is drawn across it.
  days.forEach((d, i) => {
    const last = segments.at(-1);
    if (d.value === null) segments.push([]);
    else if (last && i > 0 && days[i - 1]?.value !== null) last.push(`${x(i)},${y(d.value)}`);
    else segments.push([`${x(i)},${y(d.value)}`]);
  });
  return (
    <>
      <YAxis lo={lo} hi={hi} title={info.unit} />
      {mode === 'level'
        ? days.map((d, i) =>
            d.value === null ? null : (
              <rect
                key={d.date}
                x={x(i) - step * 0.3}
                width={step * 0.6}
                y={y(d.value)}
                height={Math.max(1, M.top + PH - y(d.value))}
                className={`week-chart__bar tone-${levelOf(kind, d.value).tone}`}
              />
            ),
          )
        : segments
            .filter((s) => s.length > 0)
            .map((s) => <polyline key={s.join()} points={s.join(' ')} className="week-chart__line" />)}
      {mode === 'linear' &&
        days.map((d, i) =>
          d.value === null ? null : (
            <circle key={d.date} cx={x(i)} cy={y(d.value)} r={3.5} className="week-chart__dot" />
          ),
        )}
      <g className="week-chart__axis">
        {days.map((d, i) => (
          <text key={d.date} x={x(i)} y={M.top + PH + 16} textAnchor="middle">
            {weekday(d.date)}
          </text>
        ))}
        <text x={M.left + PW / 2} y={H - 4} textAnchor="middle" className="week-chart__axis-title">
          Day of the week
        </text>
      </g>
    </>
  );
}

/**
 * The bell curve of the week's daily values: mean, one standard deviation either side, and each day as a tick. The
 * curve is cut at the kind's range (an engagement of 158% is not a value anyone can have).
 */
type DistributionProps = { kind: HealthMetricKind; stats: Stats | null; values: (number | null)[] };

function Distribution({ kind, stats, values }: DistributionProps) {
  const { max, unit } = metricInfo[kind];
  if (!stats || stats.count < 2) {
    return (
      <text x={W / 2} y={H / 2} textAnchor="middle" className="week-chart__note">
        Needs values on two days or more
      </text>
    );
  }
  const sd = stats.sd || Math.max(max / 50, 0.5);
  const lo = clampTo(kind, Math.min(stats.min, stats.mean - 3 * sd));
  const hi = clampTo(kind, Math.max(stats.max, stats.mean + 3 * sd));
  const x = (v: number) => M.left + ((v - lo) / (hi - lo)) * PW;
  const density = (v: number) => Math.exp(-((v - stats.mean) ** 2) / (2 * sd * sd));
  const y = (d: number) => M.top + PH - d * PH * 0.95;
  const curve = Array.from({ length: 49 }, (_, i) => lo + ((hi - lo) * i) / 48)
    .map((v) => `${x(v)},${y(density(v))}`)
    .join(' ');
  return (
    <>
      <rect
        x={x(Math.max(lo, stats.mean - sd))}
        width={x(Math.min(hi, stats.mean + sd)) - x(Math.max(lo, stats.mean - sd))}
        y={M.top}
        height={PH}
        className="week-chart__band"
      />
      <polyline points={curve} className="week-chart__line" />
      <line x1={x(stats.mean)} x2={x(stats.mean)} y1={M.top} y2={M.top + PH} className="week-chart__mean" />
      {values.map((v, i) =>
        v === null ? null : (
          // biome-ignore lint/suspicious/noArrayIndexKey: one mark per day of the week, in day order
          <circle key={i} cx={x(v)} cy={M.top + PH - 4} r={3.5} className="week-chart__dot" />
        ),
      )}
      <g className="week-chart__axis">
        <line x1={M.left} x2={W - M.right} y1={M.top + PH} y2={M.top + PH} className="week-chart__grid" />
        {/* The mean is labelled unless it would overlap a label at either end. */}
        {[lo, stats.mean, hi]
          .filter((v, i) => i !== 1 || Math.min(v - lo, hi - v) > (hi - lo) * 0.15)
          .map((v) => (
            <text key={v} x={x(v)} y={M.top + PH + 16} textAnchor="middle">
              {compact.format(v)}
            </text>
          ))}
        <text x={M.left + PW / 2} y={H - 4} textAnchor="middle" className="week-chart__axis-title">
          {unit}
        </text>
        <text
          transform={`translate(12 ${M.top + PH / 2}) rotate(-90)`}
          textAnchor="middle"
          className="week-chart__axis-title"
        >
          Share of days
        </text>
      </g>
    </>
  );
}

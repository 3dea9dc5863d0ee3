import type { ProgressDay } from '@rehabit/contract';
import { painTrend } from '@web/features/patient-app/lib/pain-trend.ts';
import { useNumberFormat } from '@web/features/patient-app/lib/use-number-format.ts';
import { useTranslation } from 'react-i18next';
import { weekdayOf } from './week-bars.tsx';

const WIDTH = 300;
const HEIGHT = 120;
const PAD = 24;

/** Pain over the week: a sentence first, then a small line of the daily values (0 at the bottom, 10 at the top). */
export function PainChart({ days }: { days: readonly ProgressDay[] }) {
  const { t, i18n } = useTranslation();
  const number = useNumberFormat();
  const trend = painTrend(days);
  const sentence =
    trend.kind === 'none'
      ? t('progress.painNone')
      : trend.kind === 'one'
        ? t('progress.painOne', { value: number(trend.value) })
        : trend.kind === 'same'
          ? t('progress.painSame', { value: number(trend.value) })
          : t(trend.kind === 'down' ? 'progress.painDown' : 'progress.painUp', {
              from: number(trend.from),
              to: number(trend.to),
            });

  const step = (WIDTH - 2 * PAD) / Math.max(1, days.length - 1);
  const points = days.flatMap((day, index) => {
    const pain = day.metrics.painlevel;
    if (pain === null) return [];
    return [{ x: PAD + index * step, y: PAD + ((10 - pain) / 10) * (HEIGHT - 2 * PAD), pain }];
  });

  return (
    <div className="pa-pain">
      <p className="pa-pain__sentence">{sentence}</p>
      {points.length > 0 && (
        <svg
          className="pa-pain__chart"
          viewBox={`0 0 ${WIDTH} ${HEIGHT + 20}`}
          role="img"
          aria-label={t('progress.painChart')}
        >
          <line x1={PAD} x2={WIDTH - PAD} y1={HEIGHT - PAD} y2={HEIGHT - PAD} className="pa-pain__axis" />
          <line x1={PAD} x2={WIDTH - PAD} y1={PAD} y2={PAD} className="pa-pain__grid" />
          <text x={2} y={PAD + 4} className="pa-pain__tick">
            10
          </text>
          <text x={2} y={HEIGHT - PAD + 4} className="pa-pain__tick">
            0
          </text>
          {points.length > 1 && (
            <polyline points={points.map((p) => `${p.x},${p.y}`).join(' ')} className="pa-pain__line" />
          )}
          {points.map((p) => (
            <circle key={p.x} cx={p.x} cy={p.y} r={5} className="pa-pain__dot" />
          ))}
          {days.map((day, index) => (
            <text key={day.date} x={PAD + index * step} y={HEIGHT + 14} textAnchor="middle" className="pa-pain__tick">
              {weekdayOf(day.date, i18n.language, 'narrow')}
            </text>
          ))}
        </svg>
      )}
    </div>
  );
}

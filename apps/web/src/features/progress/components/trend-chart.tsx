import type { ProgressTrendWeek } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import {
  CategoryScale,
  Chart,
  type ChartConfiguration,
  LinearScale,
  LineController,
  LineElement,
  type Plugin,
  PointElement,
  Tooltip,
} from 'chart.js';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { axisMax, markText, type OutcomeMark, trendMeasures, trendValue, weekReadout } from '../lib/trend.ts';
import { axisDate, weekName, weekOf } from '../lib/weeks.ts';

// Only the parts this chart draws, so the rest of Chart.js stays out of the bundle (decision 0104).
Chart.register(CategoryScale, LinearScale, LineController, LineElement, PointElement, Tooltip);

type Props = { weeks: ProgressTrendWeek[]; marks: OutcomeMark[]; onOpenWeek: (weeksAgo: number) => void };
type TrendChart = Chart<'line', (number | null)[], string>;

const TEXT = '#475569';
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const GRID = '#e2e8f0';
const MARK = '#334155';
// One colour per panel; each panel is also named on its own axis, so colour is never the only cue.
const colours = { engagement: '#0f766e', pain: '#b45309', steps: '#1d4ed8' } as const;

/**
 * Engagement, pain and steps week by week, one panel each on a shared axis of weeks, with each outcome assessment
 * as a numbered line on its day. Drawn with Chart.js on a canvas and loaded only with the progress trend. The
 * chart is also a slider over the weeks: arrows (Home, End, Page Up/Down) move a readout, said and shown in
 * words, and the tooltip with it. Pointing at a week (or tapping it) reads it the same way. Enter, or the button under
 * the readout, opens the week read. The summary and the table around it carry the same figures.
 */
export default function TrendChart({ weeks, marks, onOpenWeek }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<TrendChart | null>(null);
  const [index, setIndex] = useState(weeks.length - 1);
  const [byKeyboard, setByKeyboard] = useState(false);
  const shown = Math.min(index, weeks.length - 1);
  const readout = weekReadout(weeks[shown]!, marks);

  useEffect(() => {
    // Without a 2D context (jsdom, a browser that refuses canvas) nothing is drawn; the words and table remain.
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const drawn: TrendChart = new Chart(context, configOf(weeks, marks, getComputedStyle(context.canvas).fontFamily));
    drawn.options.onHover = (_, active) => {
      if (active[0]) setIndex(active[0].index);
    };
    chart.current = drawn;
    return () => {
      drawn.destroy();
      chart.current = null;
    };
  }, [weeks, marks]);

  // The week chosen from the keyboard shows its tooltip too, as a pointer over it would.
  useEffect(() => {
    const drawn = chart.current;
    if (!drawn || !byKeyboard) return;
    const active = drawn.data.datasets
      .map((dataset, datasetIndex) => ({ datasetIndex, index: shown, value: dataset.data[shown] }))
      .filter((point) => point.value !== null && point.value !== undefined)
      .map(({ datasetIndex }) => ({ datasetIndex, index: shown }));
    drawn.setActiveElements(active);
    drawn.tooltip?.setActiveElements(active, { x: 0, y: 0 });
    drawn.update('none');
  }, [shown, byKeyboard]);

  const onKeyDown = (event: KeyboardEvent) => {
    const last = weeks.length - 1;
    const moves: Record<string, number> = {
      ArrowLeft: shown - 1,
      ArrowDown: shown - 1,
      ArrowRight: shown + 1,
      ArrowUp: shown + 1,
      PageDown: shown - 4,
      PageUp: shown + 4,
      Home: 0,
      End: last,
    };
    if (event.key === 'Enter') {
      onOpenWeek(weeks[shown]!.weeks_ago);
      return;
    }
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setByKeyboard(true);
    setIndex(Math.max(0, Math.min(last, next)));
  };

  return (
    <div className="trend-chart">
      <div
        className="trend-chart__canvas"
        role="slider"
        tabIndex={0}
        aria-label="Week of the trend"
        aria-valuemin={1}
        aria-valuemax={weeks.length}
        aria-valuenow={shown + 1}
        aria-valuetext={readout}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setByKeyboard(false);
          chart.current?.tooltip?.setActiveElements([], { x: 0, y: 0 });
          chart.current?.update('none');
        }}
      >
        {/* A slider's content is presentational: the canvas is read through the slider's value text. */}
        <canvas ref={canvas} />
      </div>
      <p className="trend-chart__readout" aria-hidden="true">
        {readout}
      </p>
      <div className="trend-chart__open">
        <Button variant="secondary" size="sm" onClick={() => onOpenWeek(weeks[shown]!.weeks_ago)}>
          Open the {weekOf(weeks[shown]!.week_start)}
        </Button>
        <p className="trend-chart__hint">
          Point at or tap a week, or focus the chart and use the arrow keys, to read it here.
        </p>
      </div>
    </div>
  );
}

/** Dashed lines and numbered badges of the outcome assessments, at their day within their week. */
const outcomeMarksPlugin = (marks: OutcomeMark[], weekCount: number): Plugin<'line'> => ({
  id: 'outcomeMarks',
  afterDatasetsDraw(drawn) {
    const { ctx, chartArea, scales } = drawn;
    const x = scales.x;
    if (!x) return;
    const weekWidth = x.width / weekCount;
    ctx.save();
    for (const mark of marks) {
      const at = x.getPixelForValue(mark.week) + ((mark.weekday + 0.5) / 7 - 0.5) * weekWidth;
      ctx.strokeStyle = MARK;
      ctx.setLineDash([4, 3]);
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.moveTo(at, chartArea.top);
      ctx.lineTo(at, chartArea.bottom);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.fillStyle = MARK;
      ctx.beginPath();
      ctx.arc(at, chartArea.top - 11, 9, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = '#ffffff';
      ctx.font = `600 11px ${getComputedStyle(drawn.canvas).fontFamily}`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(String(mark.number), at, chartArea.top - 11);
    }
    ctx.restore();
  },
});

function configOf(
  weeks: ProgressTrendWeek[],
  marks: OutcomeMark[],
  fontFamily: string,
): ChartConfiguration<'line', (number | null)[], string> {
  const font = { family: fontFamily, size: 12 };
  // Chart.js stacks axes of one stack from the bottom up: steps at the bottom, engagement on top.
  const panels = [...trendMeasures].reverse();
  return {
    type: 'line',
    data: {
      labels: weeks.map((w) => axisDate(w.week_start)),
      datasets: trendMeasures.map((measure) => ({
        label: measure.label,
        data: weeks.map((w) => w[measure.key]),
        yAxisID: measure.key,
        borderColor: colours[measure.key],
        backgroundColor: colours[measure.key],
        borderWidth: 2,
        pointRadius: 3,
        pointHoverRadius: 5,
        // A week without data breaks the line rather than being drawn across.
        spanGaps: false,
      })),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      // The design allows fades only; the chart appears at once.
      animation: false,
      layout: { padding: { top: marks.length > 0 ? 24 : 4 } },
      interaction: { mode: 'index', intersect: false },
      scales: {
        // Each week is a band (offset), so an assessment is drawn at its day within the week.
        x: {
          offset: true,
          grid: { display: false },
          ticks: { color: TEXT, font, maxRotation: 0, autoSkipPadding: 12 },
        },
        ...Object.fromEntries(
          panels.map((measure) => [
            measure.key,
            {
              type: 'linear' as const,
              position: 'left' as const,
              stack: 'trend',
              // A little space between the panels, so each reads as its own.
              offset: true,
              min: measure.range[0],
              max: axisMax(measure, weeks),
              grid: { color: GRID },
              border: { color: colours[measure.key], width: 2 },
              ticks: { color: TEXT, font, maxTicksLimit: 3, callback: (value) => compact.format(Number(value)) },
              title: {
                display: true,
                text: measure.key === 'pain' ? 'Pain (0–10)' : measure.key === 'steps' ? 'Steps a day' : 'Engagement %',
                color: TEXT,
                font,
              },
            },
          ]),
        ),
      },
      plugins: {
        tooltip: {
          titleFont: font,
          bodyFont: font,
          footerFont: font,
          callbacks: {
            title: (items) => weekName(weeks[items[0]?.dataIndex ?? 0]?.week_start ?? ''),
            label: (item) => {
              const measure = trendMeasures[item.datasetIndex]!;
              return `${measure.label}: ${trendValue(measure, item.parsed.y)}`;
            },
            footer: (items) =>
              marks
                .filter((mark) => mark.week === items[0]?.dataIndex)
                .map((mark) => `${mark.number}. ${markText(mark)}`),
          },
        },
      },
    },
    plugins: [outcomeMarksPlugin(marks, weeks.length)],
  };
}

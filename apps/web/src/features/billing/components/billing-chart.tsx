import type { BillingCode } from '@rehabit/contract';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartData,
  type ChartOptions,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import type { ChartRow } from '../lib/chart-rows.ts';

// Only the parts this chart draws, so the rest of Chart.js is left out of the bundle (decision 0104).
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  Legend,
);

type BillingChartProps = {
  rows: ChartRow[];
  codes: BillingCode[];
  /** Each code's colour; the legend names them. */
  colours: Record<BillingCode, string>;
  /** Dollars with cents, as the screen shows money. */
  formatMoney: (value: number) => string;
};

type YearChart = Chart<'bar' | 'line', number[], string>;

const PAYMENT = 'Expected payment';
const TEXT = '#475569';
const GRID = '#e2e8f0';
const LINE = '#0f172a';

const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/**
 * The year by month: a stacked bar of units per code, and the expected payment as a line on its own axis. Drawn with
 * Chart.js on a canvas, loaded only with this screen. It is a picture for sighted users: the section's summary and
 * table say the same in words, so the drawing is hidden from assistive technology, and a canvas takes no focus.
 */
export default function BillingChart({ rows, codes, colours, formatMoney }: BillingChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<YearChart | null>(null);

  useEffect(() => {
    // Without a 2D context (jsdom in tests, a browser that refuses canvas) nothing is drawn; the summary and the
    // table still say it all.
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const drawn: YearChart = new Chart<'bar' | 'line', number[], string>(context, {
      type: 'bar',
      data: { labels: [], datasets: [] },
      options: sizeAndMotion,
    });
    chart.current = drawn;
    return () => {
      drawn.destroy();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const drawn = chart.current;
    if (!drawn) return;
    drawn.data = chartData(rows, codes, colours);
    drawn.options = chartOptions(rows, formatMoney, getComputedStyle(drawn.canvas).fontFamily);
    // 'none': the new figures appear at once (design: fades only, and none at all with reduced motion).
    drawn.update('none');
  }, [rows, codes, colours, formatMoney]);

  return (
    <div className="billing-chart" aria-hidden="true">
      <canvas ref={canvas} />
    </div>
  );
}

// Set from the start, so the first drawing already has the box's size and no animation.
const sizeAndMotion = {
  // The box sets the size (CSS); the canvas follows it, down to a 360 px phone.
  responsive: true,
  maintainAspectRatio: false,
  // Bars and the line appear at once: the design allows fades only.
  animation: false,
} as const;

function chartData(
  rows: ChartRow[],
  codes: BillingCode[],
  colours: Record<BillingCode, string>,
): ChartData<'bar' | 'line', number[], string> {
  return {
    labels: rows.map((row) => row.label),
    datasets: [
      // The stack's order is the codes' order, bottom first, as the legend and the table list them.
      ...codes.map((code) => ({
        type: 'bar' as const,
        label: code,
        data: rows.map((row) => row[code] ?? 0),
        backgroundColor: colours[code],
        yAxisID: 'units',
        stack: 'units',
      })),
      {
        type: 'line' as const,
        label: PAYMENT,
        data: rows.map((row) => row.expected),
        yAxisID: 'payment',
        borderColor: LINE,
        backgroundColor: LINE,
        borderWidth: 2,
        pointRadius: 3,
        pointBackgroundColor: '#ffffff',
        cubicInterpolationMode: 'monotone' as const,
        // Drawn last, over the bars; the legend and the tooltip still list it last (they sort by dataset).
        order: -1,
      },
    ],
  };
}

function chartOptions(
  rows: ChartRow[],
  formatMoney: (value: number) => string,
  fontFamily: string,
): ChartOptions<'bar' | 'line'> {
  const font = { family: fontFamily, size: 12 };
  const byDataset = (a: { datasetIndex?: number }, b: { datasetIndex?: number }) =>
    (a.datasetIndex ?? 0) - (b.datasetIndex ?? 0);
  return {
    ...sizeAndMotion,
    color: TEXT,
    interaction: { mode: 'index', intersect: false },
    scales: {
      // Month names stay level; on a phone every other one is left out rather than tilted.
      x: { stacked: true, grid: { display: false }, ticks: { color: TEXT, font, maxRotation: 0 } },
      units: {
        type: 'linear',
        position: 'left',
        stacked: true,
        beginAtZero: true,
        grid: { color: GRID },
        border: { display: false },
        ticks: { color: TEXT, font, precision: 0 },
        title: { display: true, text: 'Units', color: TEXT, font },
      },
      payment: {
        type: 'linear',
        position: 'right',
        beginAtZero: true,
        grid: { drawOnChartArea: false },
        border: { display: false },
        ticks: { color: TEXT, font, callback: (value) => compactDollars.format(Number(value)) },
        title: { display: true, text: PAYMENT, color: TEXT, font },
      },
    },
    plugins: {
      legend: {
        position: 'bottom',
        // The legend names the colours; hiding a series would make the picture disagree with the summary.
        onClick: () => undefined,
        labels: { color: TEXT, font, boxWidth: 12, sort: byDataset },
      },
      tooltip: {
        itemSort: byDataset,
        // A code not billed that month is left out, as the table's zero already says it.
        filter: (item) => item.dataset.label === PAYMENT || (item.parsed.y ?? 0) > 0,
        titleFont: font,
        bodyFont: font,
        callbacks: {
          title: (items) => {
            const row = rows[items[0]?.dataIndex ?? -1];
            return row ? `${row.name}${row.isProvisional ? ' (so far)' : ''}` : '';
          },
          label: (item) => {
            const value = item.parsed.y ?? 0;
            if (item.dataset.label === PAYMENT) return `${PAYMENT}: ${formatMoney(value)}`;
            return `${item.dataset.label}: ${value} ${value === 1 ? 'unit' : 'units'}`;
          },
        },
      },
    },
  };
}

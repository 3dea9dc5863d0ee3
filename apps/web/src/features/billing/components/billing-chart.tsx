import type { BillingCode } from '@rehabit/contract';
import { type RefObject, useEffect, useRef } from 'react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartRow } from '../lib/chart-rows.ts';

type BillingChartProps = {
  rows: ChartRow[];
  codes: BillingCode[];
  /** Each code's colour; the legend names them. */
  colours: Record<BillingCode, string>;
  /** Dollars with cents, as the screen shows money. */
  formatMoney: (value: number) => string;
};

const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/**
 * The year by month: a stacked bar of units per code, and the expected payment as a line on its own axis. Drawn with
 * Recharts, loaded only with this screen. It is a picture for sighted users: the section's summary and table say the
 * same in words, so the drawing is hidden from assistive technology and takes no keyboard focus.
 */
export default function BillingChart({ rows, codes, colours, formatMoney }: BillingChartProps) {
  const drawing = useRef<HTMLDivElement>(null);
  useNoTabStops(drawing);
  return (
    <div ref={drawing} className="billing-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height={320}>
        <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis
            yAxisId="units"
            allowDecimals={false}
            tick={{ fontSize: 12 }}
            width={48}
            label={{ value: 'Units', angle: -90, position: 'insideLeft', fontSize: 12 }}
          />
          <YAxis
            yAxisId="payment"
            orientation="right"
            tick={{ fontSize: 12 }}
            width={64}
            tickFormatter={(value: number) => compactDollars.format(value)}
            label={{ value: 'Expected payment', angle: 90, position: 'insideRight', fontSize: 12 }}
          />
          <Tooltip
            // Codes in the stack's order, bottom first, as the legend lists them; the payment last.
            itemSorter={(item) => {
              const index = codes.indexOf(item.dataKey as BillingCode);
              return index === -1 ? codes.length : index;
            }}
            formatter={(value, name) =>
              name === 'Expected payment' ? formatMoney(Number(value)) : `${value} ${value === 1 ? 'unit' : 'units'}`
            }
            labelFormatter={(_label, payload) => {
              const row = payload?.[0]?.payload as ChartRow | undefined;
              return row ? `${row.name}${row.isProvisional ? ' (so far)' : ''}` : '';
            }}
          />
          {/* The legend lists the codes in the stack's order, bottom first; bars appear at once (design: fades only). */}
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
          {codes.map((code) => (
            <Bar
              key={code}
              yAxisId="units"
              dataKey={code}
              name={code}
              stackId="units"
              fill={colours[code]}
              isAnimationActive={false}
            />
          ))}
          <Line
            yAxisId="payment"
            dataKey="expected"
            name="Expected payment"
            type="monotone"
            stroke="#0f172a"
            strokeWidth={2}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

/**
 * Recharts draws its layers into React portals, and React listens for focus on every portal's container: Chromium
 * then makes each of those layer <g>s a stop of the Tab key. The drawing is hidden from assistive technology, so
 * none of it may take the focus: every group is taken out of the tab order, layers drawn later too.
 */
function useNoTabStops(drawing: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const root = drawing.current;
    if (!root) return;
    const untab = () => {
      for (const group of root.querySelectorAll('g:not([tabindex])')) group.setAttribute('tabindex', '-1');
    };
    untab();
    const observer = new MutationObserver(untab);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [drawing]);
}

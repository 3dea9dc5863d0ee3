import type { BalanceFigures, StaffBalance } from '@rehabit/contract';
import { Currency } from '@web/components/ui/format/currency.tsx';
import { Table } from '@web/components/ui/table/table.tsx';
import { callsText, monitoredTime, staffName, staffRole } from './staff-pay-labels.ts';

type StaffPayRowsProps = { rows: StaffBalance[]; totals: BalanceFigures; caption: string; showTotals: boolean };

/** Pay, or a dash while the rate is not set (the section says why). */
function Pay({ value }: { value: number | null }) {
  return value === null ? <span className="staff-pay__muted">—</span> : <Currency value={value} />;
}

/** The figures of a row, a staff member's or the totals', in the table's columns. */
function FigureCells({ figures }: { figures: BalanceFigures }) {
  return (
    <>
      <td className="staff-pay__number tabular">{monitoredTime(figures.monitored_seconds)}</td>
      <td className="tabular">{callsText(figures.calls, figures.call_minutes)}</td>
      <td className="staff-pay__number tabular">{figures.patients}</td>
      <td className="staff-pay__number tabular">{figures.payable_minutes} min</td>
      <td className="staff-pay__number tabular">{figures.not_payable_minutes} min</td>
      <td className="staff-pay__number">
        <Pay value={figures.pay} />
      </td>
    </>
  );
}

/** Desktop: one row per staff member, the totals in the footer. */
export function StaffPayTable({ rows, totals, caption, showTotals }: StaffPayRowsProps) {
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <th scope="col">Staff member</th>
          <th scope="col" className="staff-pay__number">
            Monitored time
          </th>
          <th scope="col">Live calls</th>
          <th scope="col" className="staff-pay__number">
            Patients
          </th>
          <th scope="col" className="staff-pay__number">
            Payable minutes
          </th>
          <th scope="col" className="staff-pay__number">
            Not payable
          </th>
          <th scope="col" className="staff-pay__number">
            Pay
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.staff?.id ?? 'former'}>
            <th scope="row">
              {staffName(row)}
              <span className="data-table__secondary">{staffRole(row)}</span>
            </th>
            <FigureCells figures={row} />
          </tr>
        ))}
      </tbody>
      {showTotals && (
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <FigureCells figures={totals} />
          </tr>
        </tfoot>
      )}
    </Table>
  );
}

/** Phones: one card per staff member instead of a table wider than the screen. */
export function StaffPayCards({ rows, caption }: Pick<StaffPayRowsProps, 'rows' | 'caption'>) {
  return (
    <ul className="staff-pay__cards" aria-label={caption}>
      {rows.map((row) => (
        <li key={row.staff?.id ?? 'former'} className="staff-pay__card">
          <div className="staff-pay__card-top">
            <div>
              <p className="staff-pay__card-name">{staffName(row)}</p>
              <p className="staff-pay__card-role">{staffRole(row)}</p>
            </div>
            <span className="staff-pay__card-pay">
              <Pay value={row.pay} />
            </span>
          </div>
          <dl className="staff-pay__card-facts">
            <div>
              <dt>Monitored time</dt>
              <dd className="tabular">{monitoredTime(row.monitored_seconds)}</dd>
            </div>
            <div>
              <dt>Live calls</dt>
              <dd className="tabular">{callsText(row.calls, row.call_minutes)}</dd>
            </div>
            <div>
              <dt>Patients</dt>
              <dd className="tabular">{row.patients}</dd>
            </div>
            <div>
              <dt>Payable</dt>
              <dd className="tabular">{row.payable_minutes} min</dd>
            </div>
            <div>
              <dt>Not payable</dt>
              <dd className="tabular">{row.not_payable_minutes} min</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

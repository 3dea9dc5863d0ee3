import { Currency } from '@web/components/ui/format/currency.tsx';
import { DateDisplay } from '@web/components/ui/format/date-display.tsx';
import { formatMonth } from '@web/components/ui/month-picker/months.ts';
import { Table } from '@web/components/ui/table/table.tsx';
import {
  AuditCsvButton,
  BilledCodes,
  type BillingRowsProps,
  CallDates,
  MinutesNow,
  PatientLink,
  PaymentNow,
  RenderingTherapist,
} from './billing-patient-parts.tsx';

/** Desktop: one row per patient, the codes of the row stacked in its Codes cell, the minutes' audit under the name. */
export function BillingPatientTable({ rows, month, effects }: BillingRowsProps) {
  return (
    <Table caption={`Patients who bill in ${formatMonth(month)}`}>
      <thead>
        <tr>
          <th scope="col">Patient</th>
          <th scope="col">Codes</th>
          <th scope="col">Minutes, live calls</th>
          <th scope="col">Rendering therapist</th>
          <th scope="col" className="data-table__number">
            Expected payment
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const effect = effects.get(row.patient.id);
          return (
            <tr key={row.patient.id} className="billing-row">
              <th scope="row" className="billing-row__patient">
                <PatientLink row={row} />
                <span className="data-table__secondary">
                  Born <DateDisplay value={row.patient.birthday} />
                  {row.diagnosis && <> · {row.diagnosis}</>}
                </span>
                <span className="billing-row__audit">
                  <AuditCsvButton row={row} month={month} />
                </span>
              </th>
              <td>
                <BilledCodes codes={row.codes} />
              </td>
              <td>
                <span className="tabular">{row.minutes} min</span>
                <MinutesNow effect={effect} />
                <span className="data-table__secondary">
                  <CallDates dates={row.call_dates} />
                </span>
              </td>
              <td>
                <RenderingTherapist therapist={row.therapist} />
              </td>
              <td className="data-table__number">
                <Currency value={row.expected_payment} />
                <PaymentNow effect={effect} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

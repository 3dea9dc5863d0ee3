import { Currency } from '@web/components/ui/format/currency.tsx';
import { DateDisplay } from '@web/components/ui/format/date-display.tsx';
import { formatMonth } from '@web/components/ui/month-picker/months.ts';
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

/** Phones: one card per patient instead of a table wider than the screen. */
export function BillingPatientCards({ rows, month, effects }: BillingRowsProps) {
  return (
    <ul className="billing-cards" aria-label={`Patients who bill in ${formatMonth(month)}`}>
      {rows.map((row) => {
        const effect = effects.get(row.patient.id);
        return (
          <li key={row.patient.id} className="billing-card">
            <div className="billing-card__top">
              <div className="billing-card__who">
                <PatientLink row={row} />
                <span className="billing-card__meta">
                  Born <DateDisplay value={row.patient.birthday} />
                  {row.diagnosis && <> · {row.diagnosis}</>}
                </span>
              </div>
              <span className="billing-card__money">
                <Currency value={row.expected_payment} />
              </span>
            </div>
            <BilledCodes codes={row.codes} />
            <dl className="billing-card__facts">
              <div>
                <dt>Minutes</dt>
                <dd>
                  <span className="tabular">{row.minutes}</span>
                  <MinutesNow effect={effect} />
                </dd>
              </div>
              <div>
                <dt>Live calls</dt>
                <dd>
                  <CallDates dates={row.call_dates} />
                </dd>
              </div>
              <div>
                <dt>Rendering therapist</dt>
                <dd>
                  <RenderingTherapist therapist={row.therapist} />
                </dd>
              </div>
            </dl>
            {effect && effect.expected_payment.filed !== effect.expected_payment.live && (
              <p className="billing-card__now">
                Expected payment: <PaymentNow effect={effect} />
              </p>
            )}
            <AuditCsvButton row={row} month={month} />
          </li>
        );
      })}
    </ul>
  );
}

import {
  type BilledCodeRow,
  type BillingPatientRow,
  billingCodeNames,
  dataDayKindNames,
  type PostCloseEffect,
} from '@rehabit/contract';
import { DownloadButton } from '@web/components/ui/button/download-button.tsx';
import { DateDisplay } from '@web/components/ui/format/date-display.tsx';
import { formatCurrency } from '@web/components/ui/format/format.ts';
import { formatMonth } from '@web/components/ui/month-picker/months.ts';
import { paths } from '@web/config/paths.ts';
import { useDownloadMonitoringCsv } from '@web/features/monitoring';
import { Link } from 'react-router';
import { formatWindow } from './billing-labels.ts';
import { filedAndNow } from './sign-off-labels.ts';

export type BillingRowsProps = {
  rows: readonly BillingPatientRow[];
  month: string;
  /** A closed month's patients whose figures moved after the close, by patient id (decision 1285). */
  effects: ReadonlyMap<number, PostCloseEffect>;
};

/**
 * Beside a closed month's filed figure, the figure recomputed now when a correction after the close moved it:
 * "Filed: 28 min · 45 min now". Nothing when they agree.
 */
export function FiledNow({
  filed,
  live,
  format,
  isShort = false,
}: {
  filed: number;
  live: number;
  format: (n: number) => string;
  /** Without the reason, where another figure of the row already gives it. */
  isShort?: boolean;
}) {
  if (filed === live) return null;
  const text = filedAndNow(format(filed), format(live));
  return <span className="billing-now">{isShort ? text : `${text}, with a correction after the close`}</span>;
}

const minutesText = (n: number) => `${n} min`;

/** A patient's minutes as filed and as recomputed now, when a correction after the close moved them. */
export const MinutesNow = ({ effect }: { effect: PostCloseEffect | undefined }) =>
  effect ? <FiledNow filed={effect.minutes.filed} live={effect.minutes.live} format={minutesText} /> : null;

/** A patient's expected payment as filed and as recomputed now; the minutes or codes beside it give the reason. */
export const PaymentNow = ({ effect }: { effect: PostCloseEffect | undefined }) =>
  effect ? (
    <FiledNow
      filed={effect.expected_payment.filed}
      live={effect.expected_payment.live}
      format={formatCurrency}
      isShort
    />
  ) : null;

export const patientName = (row: BillingPatientRow) => `${row.patient.first_name} ${row.patient.last_name}`;

/** The patient's name, linking to their dashboard. */
export function PatientLink({ row }: { row: BillingPatientRow }) {
  return (
    <Link className="billing-patient-link" to={paths.patientDashboard.getHref(row.patient.id)}>
      {patientName(row)}
    </Link>
  );
}

/** Each billed code: units and modifiers, its date of service, and what made it (window and data days, minutes). */
export function BilledCodes({ codes }: { codes: readonly BilledCodeRow[] }) {
  return (
    <ul className="billed-codes">
      {codes.map((code) => (
        <li key={`${code.code}-${code.date_of_service}`} className="billed-code">
          <span className="billed-code__head">
            <strong className="tabular">{code.code}</strong>
            <span className="tabular"> × {code.units}</span>
            {code.modifiers.length > 0 && <span className="billed-code__modifiers"> {code.modifiers.join(' ')}</span>}
            <span className="visually-hidden"> {billingCodeNames[code.code]}</span>
          </span>
          <span className="billed-code__meta">
            Date of service <DateDisplay value={code.date_of_service} />
            {code.window_start && code.window_end && <> · window {formatWindow(code.window_start, code.window_end)}</>}
            {code.data_days !== null && <> · {code.data_days} data days</>}
            {code.minutes !== null && <> · {code.minutes} min</>}
          </span>
          {code.data_day_sources && code.data_day_sources.length > 0 && <DataDaySources code={code} />}
        </li>
      ))}
    </ul>
  );
}

/** A window's data days one by one with what the patient sent on each, folded until asked for. */
function DataDaySources({ code }: { code: BilledCodeRow }) {
  return (
    <details className="billed-code__days">
      <summary>Data days of {code.code}: what the patient sent</summary>
      <ul>
        {code.data_day_sources?.map((d) => (
          <li key={d.day}>
            <DateDisplay value={d.day} />: {d.kinds.map((kind) => dataDayKindNames[kind]).join(', ')}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The days of the month's live calls, or that there were none. */
export function CallDates({ dates }: { dates: readonly string[] }) {
  if (dates.length === 0) return <span className="billing-muted">No live call</span>;
  return (
    <ul className="call-dates">
      {dates.map((date) => (
        <li key={date}>
          <DateDisplay value={date} />
        </li>
      ))}
    </ul>
  );
}

/** The rendering therapist and their NPI, as the billing file names them. */
export function RenderingTherapist({ therapist }: { therapist: BillingPatientRow['therapist'] }) {
  if (!therapist) return <span className="billing-muted">Not assigned</span>;
  return (
    <>
      {therapist.display_name}
      <span className="data-table__secondary tabular">{therapist.npi ? `NPI ${therapist.npi}` : 'NPI not set'}</span>
    </>
  );
}

/** The minutes' audit CSV of the patient's month: every session and call behind the minutes billed. */
export function AuditCsvButton({ row, month }: { row: BillingPatientRow; month: string }) {
  const csv = useDownloadMonitoringCsv(row.patient.id);
  // A failure is told in a toast, as on the patient dashboard.
  return (
    <DownloadButton
      variant="secondary"
      size="sm"
      isLoading={csv.isPending}
      onClick={() => csv.mutate(month)}
      aria-label={`Audit CSV of ${patientName(row)}, ${formatMonth(month)}`}
    >
      Audit CSV
    </DownloadButton>
  );
}

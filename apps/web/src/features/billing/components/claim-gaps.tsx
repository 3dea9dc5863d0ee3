import { type ClaimField, type ClaimGap, claimFieldLabels, claimFields } from '@rehabit/contract';
import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import { Skeleton } from '@web/components/ui/feedback/skeleton.tsx';
import { formatDate } from '@web/components/ui/format/format.ts';
import { paths } from '@web/config/paths.ts';
import { Link } from 'react-router';
import { useClaimsCheck } from '../api/claims.ts';

type Props = { clinic: string | null; month: string };

const fieldList = (fields: readonly ClaimField[]) => fields.map((field) => claimFieldLabels[field]).join(', ');
const lines = (n: number) => (n === 1 ? 'one service line' : `${n} service lines`);

/**
 * What the closed month's claims lack (decision 1435), read before the sign-off: the clinic's own numbers once, then
 * the service lines that lack a field, by patient, each named and linked to their details, where most are set.
 */
export function ClaimGaps({ clinic, month }: Props) {
  const check = useClaimsCheck(clinic, month);
  if (check.isPending) {
    return (
      <div role="status">
        <span className="visually-hidden">Checking the month’s claims for missing fields</span>
        <Skeleton width="40%" />
      </div>
    );
  }
  if (check.isError) {
    return (
      <ErrorState
        title="The claims could not be checked for missing fields"
        error={check.error}
        onRetry={() => check.refetch()}
        isRetrying={check.isFetching}
      />
    );
  }
  const { clinic_missing: clinicMissing, gaps, lines: total } = check.data;
  return (
    <section className="claim-gaps" aria-labelledby="claim-gaps-title">
      <h3 id="claim-gaps-title" className="post-close__subtitle">
        Claims of the month
      </h3>
      {total === 0 ? (
        <p className="sign-off__text">Nobody bills in the month: it has no claims to make.</p>
      ) : clinicMissing.length === 0 && gaps.length === 0 ? (
        <p className="sign-off__text">
          {total === 1 ? 'Its one service line has' : `All ${total} service lines have`} what a claim needs.
        </p>
      ) : (
        <>
          {clinicMissing.length > 0 && (
            <p className="sign-off__text">
              <strong>Every line lacks the clinic’s {fieldList(clinicMissing)}</strong>, set in the clinic’s settings.
            </p>
          )}
          {gaps.length > 0 && <LinesLacking gaps={gaps} total={total} />}
        </>
      )}
    </section>
  );
}

/** A patient's lines that lack fields, and the fields any of them lacks. */
type PatientGaps = {
  patient: ClaimGap['patient'];
  missing: ClaimField[];
  lines: Pick<ClaimGap, 'code' | 'date_of_service'>[];
};

const byPatient = (gaps: readonly ClaimGap[]): PatientGaps[] => {
  const patients = new Map<number, PatientGaps>();
  for (const { patient, missing, code, date_of_service } of gaps) {
    const entry = patients.get(patient.id) ?? { patient, missing: [], lines: [] };
    entry.missing = claimFields.filter((field) => entry.missing.includes(field) || missing.includes(field));
    entry.lines.push({ code, date_of_service });
    patients.set(patient.id, entry);
  }
  return [...patients.values()];
};

/** Beyond this many patients the list folds, so the sign-off's button stays near its words. */
const OPEN_LIST_PATIENTS = 5;

function LinesLacking({ gaps, total }: { gaps: ClaimGap[]; total: number }) {
  const patients = byPatient(gaps);
  const list = (
    <ul className="post-close__list">
      {patients.map((entry) => (
        <PatientItem key={entry.patient.id} entry={entry} />
      ))}
    </ul>
  );
  return (
    <>
      <p className="sign-off__text">
        {gaps.length === 1 ? 'One' : gaps.length} of {lines(total)} {gaps.length === 1 ? 'lacks' : 'lack'} fields a
        claim needs, for {patients.length === 1 ? 'one patient' : `${patients.length} patients`}. A member ID is set in
        the patient’s details, a rendering NPI in the billing settings; the claims CSV reads them as they are when it is
        downloaded.
      </p>
      {patients.length > OPEN_LIST_PATIENTS ? (
        <details className="claim-gaps__more">
          <summary>Show the {patients.length} patients and their lines</summary>
          {list}
        </details>
      ) : (
        list
      )}
    </>
  );
}

function PatientItem({ entry }: { entry: PatientGaps }) {
  return (
    <li className="post-close__item">
      <p className="post-close__what">
        <Link to={paths.patientDashboard.getHref(entry.patient.id)}>
          {entry.patient.first_name} {entry.patient.last_name}
        </Link>
        : lacks {fieldList(entry.missing)}
      </p>
      <p className="post-close__meta">
        {entry.lines.map((line) => `CPT ${line.code} on ${formatDate(line.date_of_service)}`).join(' · ')}
      </p>
    </li>
  );
}

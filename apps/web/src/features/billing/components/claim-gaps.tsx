import { type ClaimField, type ClaimGap, claimFieldLabels } from '@rehabit/contract';
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
 * each service line that lacks a field, its patient named and linked to their details, where most are set.
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
      {clinicMissing.length === 0 && gaps.length === 0 ? (
        <p className="sign-off__text">
          All {lines(total)} have what a claim needs: member ID, ICD-10, rendering and billing NPI, TIN and date of
          birth.
        </p>
      ) : (
        <>
          {clinicMissing.length > 0 && (
            <p className="sign-off__text">
              <strong>Every line lacks the clinic’s {fieldList(clinicMissing)}.</strong> They are set in the clinic’s
              settings.
            </p>
          )}
          {gaps.length > 0 && (
            <>
              <p className="sign-off__text">
                {gaps.length === 1 ? 'One' : gaps.length} of {lines(total)} {gaps.length === 1 ? 'lacks' : 'lack'}{' '}
                fields a claim needs. A member ID is set in the patient’s details, a rendering NPI in the billing
                settings; the claims CSV reads them as they are when it is downloaded.
              </p>
              <ul className="post-close__list">
                {gaps.map((gap) => (
                  <GapItem key={`${gap.patient.id}-${gap.code}`} gap={gap} />
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}

function GapItem({ gap }: { gap: ClaimGap }) {
  return (
    <li className="post-close__item">
      <p className="post-close__what">
        <Link to={paths.patientDashboard.getHref(gap.patient.id)}>
          {gap.patient.first_name} {gap.patient.last_name}
        </Link>
        : lacks {fieldList(gap.missing)}
      </p>
      <p className="post-close__meta">
        CPT {gap.code}, date of service {formatDate(gap.date_of_service)}
      </p>
    </li>
  );
}

import type { PostSignOffChange, PostSignOffEffect, SignedMonthChanges } from '@rehabit/contract';
import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import { Skeleton } from '@web/components/ui/feedback/skeleton.tsx';
import { formatClinicTime } from '@web/components/ui/format/clinic-time.ts';
import { formatCurrency } from '@web/components/ui/format/format.ts';
import { formatMonth } from '@web/components/ui/month-picker/months.ts';
import { usePostSignOffChanges } from '../api/sign-off.ts';
import { fromTo } from './sign-off-labels.ts';

type Props = { clinic: string | null; month: string; timezone: string | null };

/**
 * The review of post-sign-off changes (decision 1210): for the month before (the one this month's review covers)
 * and for the month itself, when signed, what changed after the sign-off and how each patient's figures moved.
 * Nothing is shown while no month concerned is signed.
 */
export function PostSignOffChanges({ clinic, month, timezone }: Props) {
  const review = usePostSignOffChanges(clinic, month);
  if (review.isPending) {
    return (
      <div role="status" className="section-card">
        <span className="visually-hidden">Checking for changes after sign-off</span>
        <Skeleton width="40%" />
      </div>
    );
  }
  if (review.isError) {
    return (
      <section className="section-card" aria-label="Changes after sign-off">
        <ErrorState
          title="The changes after sign-off could not be loaded"
          error={review.error}
          onRetry={() => review.refetch()}
          isRetrying={review.isFetching}
        />
      </section>
    );
  }
  return review.data.signed_months.map((signed) => (
    <SignedMonth key={signed.month} signed={signed} isThisMonth={signed.month === month} timezone={timezone} />
  ));
}

function SignedMonth({
  signed,
  isThisMonth,
  timezone,
}: {
  signed: SignedMonthChanges;
  isThisMonth: boolean;
  timezone: string | null;
}) {
  const name = formatMonth(signed.month);
  const title = isThisMonth ? `Changes to ${name} since its sign-off` : `Review: changes to ${name} since its sign-off`;
  const titleId = `post-sign-off-${signed.month}`;
  const payment = signed.expected_payment;
  return (
    <section className="section-card post-sign-off" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-card__title">
        {title}
      </h2>
      {signed.changes.length === 0 && signed.effects.length === 0 ? (
        <p className="sign-off__text">
          Nothing has changed since {signed.signed_by} signed {name} off on{' '}
          {formatClinicTime(signed.signed_at, timezone ?? undefined, 'dateTime')}: recomputed now, its figures equal the
          signed ones.
        </p>
      ) : (
        <>
          <p className="sign-off__text">
            {name} was signed off by {signed.signed_by} on{' '}
            {formatClinicTime(signed.signed_at, timezone ?? undefined, 'dateTime')}. Its signed figures and file stay as
            filed; these changes were made afterwards
            {isThisMonth ? '' : ', for this month’s review'}.
            {payment.signed !== payment.live &&
              ` Its expected payment, signed → recomputed now: ${fromTo(payment.signed, payment.live, formatCurrency)}.`}
          </p>
          <h3 className="post-sign-off__subtitle">What changed</h3>
          <ul className="post-sign-off__list">
            {signed.changes.map((change, index) => (
              // A change has no id of its own; the list is read once and never reordered.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <ChangeItem key={index} change={change} timezone={timezone} />
            ))}
          </ul>
          {signed.effects.length > 0 && (
            <>
              <h3 className="post-sign-off__subtitle">Effect on the patients’ figures (signed → recomputed)</h3>
              <ul className="post-sign-off__list">
                {signed.effects.map((effect) => (
                  <EffectItem key={effect.patient.id} effect={effect} />
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}

const patientName = (patient: { first_name: string; last_name: string }) =>
  `${patient.first_name} ${patient.last_name}`;

function ChangeItem({ change, timezone }: { change: PostSignOffChange; timezone: string | null }) {
  return (
    <li className="post-sign-off__item">
      <p className="post-sign-off__what">
        {change.patient && <strong>{patientName(change.patient)}: </strong>}
        {change.summary}
      </p>
      <p className="post-sign-off__meta">
        {change.at
          ? `${formatClinicTime(change.at, timezone ?? undefined, 'dateTime')}${change.by ? `, by ${change.by}` : ''}`
          : 'When and by whom: not recorded'}
      </p>
    </li>
  );
}

function EffectItem({ effect }: { effect: PostSignOffEffect }) {
  const parts = [
    ...(effect.minutes.signed === effect.minutes.live
      ? []
      : [`minutes ${fromTo(effect.minutes.signed, effect.minutes.live)}`]),
    ...effect.codes.map((code) => `${code.code} units ${fromTo(code.signed, code.live)}`),
    ...(effect.expected_payment.signed === effect.expected_payment.live
      ? []
      : [`expected payment ${fromTo(effect.expected_payment.signed, effect.expected_payment.live, formatCurrency)}`]),
  ];
  return (
    <li className="post-sign-off__item">
      <p className="post-sign-off__what">
        <strong>{patientName(effect.patient)}</strong>: {parts.join('; ')}
      </p>
    </li>
  );
}

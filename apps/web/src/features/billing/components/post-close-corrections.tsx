import type { ClosedMonthCorrections, PostCloseChange, PostCloseEffect } from '@rehabit/contract';
import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import { Skeleton } from '@web/components/ui/feedback/skeleton.tsx';
import { formatClinicTime } from '@web/components/ui/format/clinic-time.ts';
import { formatCurrency } from '@web/components/ui/format/format.ts';
import { formatMonth } from '@web/components/ui/month-picker/months.ts';
import { usePostCloseCorrections } from '../api/sign-off.ts';
import { fromTo } from './sign-off-labels.ts';

type Props = { clinic: string | null; month: string; timezone: string | null };

/**
 * The review of post-close corrections (decisions 1210, 1285): for the month before (the one this month's review
 * covers) and for the month itself, when closed, what changed after it was filed and how each patient's figures
 * moved. Nothing is shown while no month concerned is closed.
 */
export function PostCloseCorrections({ clinic, month, timezone }: Props) {
  const review = usePostCloseCorrections(clinic, month);
  if (review.isPending) {
    return (
      <div role="status" className="section-card">
        <span className="visually-hidden">Checking for corrections after the close</span>
        <Skeleton width="40%" />
      </div>
    );
  }
  if (review.isError) {
    return (
      <section className="section-card" aria-label="Corrections after the close">
        <ErrorState
          title="The corrections after the close could not be loaded"
          error={review.error}
          onRetry={() => review.refetch()}
          isRetrying={review.isFetching}
        />
      </section>
    );
  }
  return review.data.closed_months.map((closed) => (
    <ClosedMonth key={closed.month} closed={closed} isThisMonth={closed.month === month} timezone={timezone} />
  ));
}

/** "signed off by Dana Reyes on …" or "filed on …": the moment the month's figures were frozen. */
function frozenWhen(closed: ClosedMonthCorrections, timezone: string | null) {
  const at = (iso: string) => formatClinicTime(iso, timezone ?? undefined, 'dateTime');
  if (closed.filed_by === 'sign-off') return `signed off by ${closed.signed_by} on ${at(closed.signed_at!)}`;
  const filed = `filed at its close on ${at(closed.filed_at)}`;
  return closed.signed_at ? `${filed} and signed off by ${closed.signed_by} on ${at(closed.signed_at)}` : filed;
}

function ClosedMonth({
  closed,
  isThisMonth,
  timezone,
}: {
  closed: ClosedMonthCorrections;
  isThisMonth: boolean;
  timezone: string | null;
}) {
  const name = formatMonth(closed.month);
  const since = closed.filed_by === 'sign-off' ? 'its sign-off' : 'its close';
  const title = isThisMonth ? `Corrections to ${name} since ${since}` : `Review: corrections to ${name} since ${since}`;
  const titleId = `post-close-${closed.month}`;
  const payment = closed.expected_payment;
  const figures = closed.state === 'signed' ? 'signed figures' : 'filed figures';
  return (
    <section className="section-card post-close" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-card__title">
        {title}
      </h2>
      {closed.changes.length === 0 && closed.effects.length === 0 ? (
        <p className="sign-off__text">
          Nothing has changed since {name} was {frozenWhen(closed, timezone)}: recomputed now, its figures equal the{' '}
          {figures}.
        </p>
      ) : (
        <>
          <p className="sign-off__text">
            {name} was {frozenWhen(closed, timezone)}. Its {figures} and file stay as they are; these corrections were
            made afterwards{isThisMonth ? '' : ', for this month’s review'}.
            {payment.filed !== payment.live &&
              ` Its expected payment, filed → recomputed now: ${fromTo(payment.filed, payment.live, formatCurrency)}.`}
          </p>
          <h3 className="post-close__subtitle">What changed</h3>
          <ul className="post-close__list">
            {closed.changes.map((change, index) => (
              // A change has no id of its own; the list is read once and never reordered.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <ChangeItem key={index} change={change} timezone={timezone} />
            ))}
          </ul>
          {closed.effects.length > 0 && (
            <>
              <h3 className="post-close__subtitle">Effect on the patients’ figures (filed → recomputed)</h3>
              <ul className="post-close__list">
                {closed.effects.map((effect) => (
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

function ChangeItem({ change, timezone }: { change: PostCloseChange; timezone: string | null }) {
  return (
    <li className="post-close__item">
      <p className="post-close__what">
        {change.patient && <strong>{patientName(change.patient)}: </strong>}
        {change.summary}
      </p>
      <p className="post-close__meta">
        {change.at
          ? `${formatClinicTime(change.at, timezone ?? undefined, 'dateTime')}${change.by ? `, by ${change.by}` : ''}`
          : 'When and by whom: not recorded'}
      </p>
    </li>
  );
}

function EffectItem({ effect }: { effect: PostCloseEffect }) {
  const parts = [
    ...(effect.minutes.filed === effect.minutes.live
      ? []
      : [`minutes ${fromTo(effect.minutes.filed, effect.minutes.live)}`]),
    ...effect.codes.map((code) => `${code.code} units ${fromTo(code.filed, code.live)}`),
    ...(effect.expected_payment.filed === effect.expected_payment.live
      ? []
      : [`expected payment ${fromTo(effect.expected_payment.filed, effect.expected_payment.live, formatCurrency)}`]),
  ];
  return (
    <li className="post-close__item">
      <p className="post-close__what">
        <strong>{patientName(effect.patient)}</strong>: {parts.join('; ')}
      </p>
    </li>
  );
}

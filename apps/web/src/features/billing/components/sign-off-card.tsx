import { type BillingSignOff, can, type Role } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog/confirm-dialog.tsx';
import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import { Skeleton } from '@web/components/ui/feedback/skeleton.tsx';
import { formatClinicTime } from '@web/components/ui/format/clinic-time.ts';
import { formatCurrency } from '@web/components/ui/format/format.ts';
import { formatMonth } from '@web/components/ui/month-picker/months.ts';
import { Signature } from 'lucide-react';
import { useState } from 'react';
import { useBillingUnits } from '../api/get-billing-units.ts';
import { usePostCloseCorrections, useSignMonth, useSignOff } from '../api/sign-off.ts';
import { ClaimGaps } from './claim-gaps.tsx';
import './sign-off.css';

type SignOffCardProps = {
  clinic: string | null;
  month: string;
  /** The clinic's timezone, in which the sign-off's time is told; null when it could not be loaded. */
  timezone: string | null;
  role: Role;
};

/**
 * The month's sign-off (decisions 1210, 1285): not closed yet, waiting for the supervisor, or signed by whom and when
 * with the checksum of the file signed. What is signed is the month as filed, the corrections made after its close
 * listed beside it. Only the supervisor sees the button; everyone else sees the state.
 */
export function SignOffCard({ clinic, month, timezone, role }: SignOffCardProps) {
  const signOff = useSignOff(clinic, month);
  return (
    <section className="section-card sign-off" aria-labelledby="sign-off-title">
      <h2 id="sign-off-title" className="section-card__title">
        Sign-off of {formatMonth(month)}
      </h2>
      {signOff.isPending ? (
        <div role="status">
          <span className="visually-hidden">Checking the month’s sign-off</span>
          <Skeleton width="50%" />
        </div>
      ) : signOff.isError ? (
        <ErrorState
          title="The month’s sign-off could not be checked"
          error={signOff.error}
          onRetry={() => signOff.refetch()}
          isRetrying={signOff.isFetching}
        />
      ) : signOff.data.state === 'signed' ? (
        <Signed state={signOff.data} timezone={timezone} />
      ) : signOff.data.state === 'closed' ? (
        <AwaitingSignOff clinic={clinic} month={month} canSign={clinic === null && can(role, 'billing.sign_off')} />
      ) : (
        <p className="sign-off__text">
          {formatMonth(month)} has not closed yet. Once it has ended and its billing file is made, the clinic’s
          supervisor reviews it here and signs it off.
        </p>
      )}
    </section>
  );
}

function AwaitingSignOff({ clinic, month, canSign }: { clinic: string | null; month: string; canSign: boolean }) {
  const [isConfirming, setConfirming] = useState(false);
  const sign = useSignMonth(month);
  // The filed figures on this screen, which are what is signed (decision 1285), and the corrections beside them.
  const units = useBillingUnits(clinic, month, 1);
  const review = usePostCloseCorrections(clinic, month);
  const corrections = review.data?.closed_months.find((closed) => closed.month === month)?.changes.length ?? 0;
  const filed = units.data && `${units.data.units} units, ${formatCurrency(units.data.expected_payment)} expected`;
  const beside =
    corrections > 0
      ? ` ${corrections === 1 ? 'One correction' : `${corrections} corrections`} made after the close ${corrections === 1 ? 'is' : 'are'} listed beside it for the next month’s review; ${corrections === 1 ? 'it does' : 'they do'} not change what is signed.`
      : '';
  if (!canSign) {
    return (
      <>
        <p className="sign-off__text">
          <strong>Not signed off yet.</strong> The month is closed and its billing file is made; the clinic’s supervisor
          signs off the filed figures after reviewing them.{beside}
        </p>
        <ClaimGaps clinic={clinic} month={month} />
      </>
    );
  }
  return (
    <>
      <p className="sign-off__text">
        <strong>Waiting for your sign-off.</strong> You sign the month as filed at its close
        {filed ? `: ${filed}` : ''}, and the billing file made from those figures. The sign-off records your name, the
        time and the SHA-256 checksum of the file.{beside}
      </p>
      <ClaimGaps clinic={clinic} month={month} />
      <Button
        icon={<Signature size={16} aria-hidden="true" />}
        onClick={() => setConfirming(true)}
        disabled={!units.data}
      >
        Sign off {formatMonth(month)}
      </Button>
      <ConfirmDialog
        isOpen={isConfirming}
        onClose={() => {
          setConfirming(false);
          sign.reset();
        }}
        onConfirm={() => {
          if (!units.data) return;
          const reviewed = { units: units.data.units, expected_payment: units.data.expected_payment };
          sign.mutate(reviewed, { onSuccess: () => setConfirming(false) });
        }}
        title={`Sign off ${formatMonth(month)}?`}
        confirmLabel="Sign off"
        isPending={sign.isPending}
        error={sign.error}
      >
        <p>
          You sign the filed figures{filed ? ` (${filed})` : ''} and the billing file made from them at the close (an
          admin’s corrected upload is signed as it is); if an admin filed the month anew since this page was loaded,
          nothing is signed and you are asked to review it again. A sign-off cannot be taken back.
          {corrections > 0
            ? ' The corrections made after the close are not in what you sign: they stay listed for the next month’s review.'
            : ' Changes made afterwards alter neither the signed figures nor the file; they are listed for the next month’s review.'}
        </p>
      </ConfirmDialog>
    </>
  );
}

function Signed({ state, timezone }: { state: BillingSignOff; timezone: string | null }) {
  return (
    <>
      <p className="sign-off__text">
        <strong>
          Signed off by {state.signed_by?.name} on{' '}
          {formatClinicTime(state.signed_at!, timezone ?? undefined, 'dateTime')}.
        </strong>{' '}
        The figures below are the signed ones, as filed, and the download is the signed copy of the file.
      </p>
      <dl className="sign-off__files">
        <div>
          <dt>File signed</dt>
          <dd>{state.closed_file?.name}</dd>
        </div>
        <div>
          <dt>Its SHA-256</dt>
          <dd>
            <code className="sign-off__hash">{state.closed_file?.sha256}</code>
          </dd>
        </div>
        <div>
          <dt>Signed copy (the download)</dt>
          <dd>{state.signed_file?.name}</dd>
        </div>
        <div>
          <dt>Its SHA-256</dt>
          <dd>
            <code className="sign-off__hash">{state.signed_file?.sha256}</code>
          </dd>
        </div>
      </dl>
    </>
  );
}

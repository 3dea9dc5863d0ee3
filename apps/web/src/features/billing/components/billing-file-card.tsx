import { type BillingFileStatus, localDateOf } from '@rehabit/contract';
import { DownloadButton } from '@web/components/ui/button/download-button.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import { Skeleton } from '@web/components/ui/feedback/skeleton.tsx';
import { formatDate } from '@web/components/ui/format/format.ts';
import { formatMonth } from '@web/components/ui/month-picker/months.ts';
import { errorMessage } from '@web/lib/api-error.ts';
import { FileSpreadsheet } from 'lucide-react';
import { useBillingFile } from '../api/check-billing-file.ts';
import { useDownloadClaimsCsv } from '../api/claims.ts';
import { useDownloadBillingFile } from '../api/download-billing-file.ts';
import { useSignOff } from '../api/sign-off.ts';
import { closingText } from '../lib/clinic-month.ts';
import { AdminFileActions } from './admin-file-actions.tsx';
import { DownloadProgressBar } from './download-progress-bar.tsx';

type BillingFileCardProps = {
  clinic: string | null;
  month: string;
  /** The clinic's timezone, where its months close; null when it could not be loaded. */
  timezone: string | null;
  isCurrentMonth: boolean;
  /** Admins make the file again or upload a corrected one. */
  canManageFiles: boolean;
};

/** The month's billing file (decision 0801): whether it exists, its download, and when it will come. */
export function BillingFileCard({ clinic, month, timezone, isCurrentMonth, canManageFiles }: BillingFileCardProps) {
  const file = useBillingFile(clinic, month);
  return (
    <section className="section-card" aria-labelledby="billing-file-title">
      <h2 id="billing-file-title" className="section-card__title">
        Billing file of {formatMonth(month)}
      </h2>
      {file.isPending ? (
        <div role="status" className="billing-file__loading">
          <span className="visually-hidden">Checking for the billing file</span>
          <Skeleton width="60%" />
        </div>
      ) : file.isError ? (
        <ErrorState
          title="Whether the billing file exists could not be checked"
          error={file.error}
          onRetry={() => file.refetch()}
          isRetrying={file.isFetching}
        />
      ) : file.data.exists ? (
        <FileReady clinic={clinic} month={month} status={file.data} timezone={timezone} />
      ) : (
        <p className="billing-file__missing">
          {isCurrentMonth
            ? `The file of ${formatMonth(month)} is made when the month closes, ${closingText(month, timezone ?? 'its own')}.`
            : `No file has been made for ${formatMonth(month)} yet. Files are made when a month closes, ${closingText(
                month,
                timezone ?? 'its own',
              )}; if it does not appear, an admin can make it.`}
        </p>
      )}
      {canManageFiles && clinic && file.isSuccess && (
        <AdminFileActions clinicCode={clinic} month={month} hasFile={file.data.exists} />
      )}
    </section>
  );
}

type FileReadyProps = { clinic: string | null; month: string; status: BillingFileStatus; timezone: string | null };

function FileReady({ clinic, month, status, timezone }: FileReadyProps) {
  const download = useDownloadBillingFile(clinic, month);
  const claims = useDownloadClaimsCsv(clinic, month);
  // A closed month's claims are made from its filed figures (decision 1435); an open month has none yet.
  const state = useSignOff(clinic, month).data?.state;
  const isClosed = state === 'closed' || state === 'signed';
  const madeOn = status.created_at
    ? formatDate(timezone ? localDateOf(new Date(status.created_at), timezone) : status.created_at)
    : null;
  return (
    <div className="billing-file">
      <div className="billing-file__about">
        <FileSpreadsheet className="billing-file__icon" size={28} aria-hidden="true" />
        <div>
          <p className="billing-file__name">{status.name}</p>
          {madeOn && (
            <p className="billing-file__meta">
              {status.source === 'uploaded'
                ? `Corrected file uploaded on ${madeOn}`
                : status.source === 'signed'
                  ? `Signed copy, made at the sign-off on ${madeOn}`
                  : `Made on ${madeOn}`}
            </p>
          )}
        </div>
      </div>
      <div className="billing-file__actions">
        <DownloadButton isLoading={download.isPending} onClick={() => download.mutate()}>
          Download billing file
        </DownloadButton>
        {isClosed && (
          <DownloadButton variant="secondary" isLoading={claims.isPending} onClick={() => claims.mutate()}>
            Download claims CSV
          </DownloadButton>
        )}
      </div>
      {download.progress && <DownloadProgressBar progress={download.progress} />}
      {download.isError && (
        <Alert tone="danger" title="The billing file could not be downloaded">
          {errorMessage(download.error)}
        </Alert>
      )}
      {claims.isError && (
        <Alert tone="danger" title="The claims CSV could not be downloaded">
          {errorMessage(claims.error)}
        </Alert>
      )}
    </div>
  );
}

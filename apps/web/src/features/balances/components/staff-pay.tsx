import { type Balances, can } from '@rehabit/contract';
import { DownloadButton } from '@web/components/ui/button/download-button.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import { SkeletonList } from '@web/components/ui/feedback/skeleton.tsx';
import { Currency } from '@web/components/ui/format/currency.tsx';
import { formatMonth } from '@web/components/ui/month-picker/months.ts';
import { Pagination } from '@web/components/ui/pagination/pagination.tsx';
import { useCurrentUser } from '@web/features/session';
import { useIsMobile } from '@web/lib/device.ts';
import { Timer } from 'lucide-react';
import { useDownloadBalancesCsv } from '../api/download-balances-csv.ts';
import { useBalances } from '../api/get-balances.ts';
import { StaffPayCards, StaffPayTable } from './staff-pay-rows.tsx';
import './staff-pay.css';

type StaffPayProps = {
  /** The clinic an admin chose, or null for the caller's own. */
  clinic: string | null;
  month: string;
  page: number;
  onPageChange: (page: number) => void;
};

/**
 * Staff pay (issue #17): each staff member's monitored time, live calls and patients of the month, the minutes that
 * are payable and those that are not, and the pay at the clinic's hourly monitoring rate. A therapist sees their
 * own figures; supervisors, managers and admins the clinic's.
 */
export function StaffPay({ clinic, month, page, onPageChange }: StaffPayProps) {
  const role = useCurrentUser().data?.role;
  const ownOnly = role !== undefined && !can(role, 'balances.clinic');
  const balances = useBalances(clinic, month, page);
  const title = ownOnly ? `Your pay in ${formatMonth(month)}` : `Staff pay in ${formatMonth(month)}`;

  return (
    <section
      className="section-card staff-pay"
      aria-labelledby="staff-pay-title"
      aria-busy={balances.isPlaceholderData || undefined}
    >
      <div className="staff-pay__head">
        <h2 id="staff-pay-title" className="section-card__title">
          {title}
        </h2>
        {balances.data && balances.data.count > 0 && <CsvButton clinic={clinic} month={month} />}
      </div>
      <p className="staff-pay__intro">
        {ownOnly
          ? 'Your monitored time and logged live calls of the month, and what they pay at the clinic’s hourly monitoring rate.'
          : 'Each staff member’s monitored time and logged live calls of the month, and what they pay at the clinic’s hourly monitoring rate.'}
      </p>
      {balances.isError ? (
        <ErrorState
          title={`The staff pay of ${formatMonth(month)} could not be loaded`}
          error={balances.error}
          onRetry={() => balances.refetch()}
          isRetrying={balances.isFetching}
        />
      ) : !balances.data ? (
        <SkeletonList rows={3} label="Loading the staff pay" />
      ) : (
        <StaffPayMonth
          data={balances.data}
          month={month}
          ownOnly={ownOnly}
          canSetRate={role !== undefined && can(role, 'billing.settings')}
          page={page}
          onPageChange={onPageChange}
        />
      )}
    </section>
  );
}

function CsvButton({ clinic, month }: { clinic: string | null; month: string }) {
  const csv = useDownloadBalancesCsv(clinic, month);
  // A failure is told in a toast, as the monitoring CSV's is.
  return (
    <DownloadButton variant="secondary" size="sm" isLoading={csv.isPending} onClick={() => csv.mutate()}>
      Download CSV
    </DownloadButton>
  );
}

type StaffPayMonthProps = {
  data: Balances;
  month: string;
  ownOnly: boolean;
  canSetRate: boolean;
  page: number;
  onPageChange: (page: number) => void;
};

function StaffPayMonth({ data, month, ownOnly, canSetRate, page, onPageChange }: StaffPayMonthProps) {
  const isMobile = useIsMobile();
  const caption = ownOnly ? `Your pay in ${formatMonth(month)}` : `Staff pay in ${formatMonth(month)}`;
  if (data.count === 0) {
    return (
      <EmptyState
        icon={Timer}
        title={`No monitored time in ${formatMonth(month)}${data.is_provisional ? ' so far' : ''}`}
        description={
          ownOnly
            ? 'You have no monitored sessions and no live calls logged in this month.'
            : 'No staff member was monitored on a patient or logged a live call in this month.'
        }
      />
    );
  }
  return (
    <>
      {data.is_provisional ? (
        <Alert title="Provisional — the month is still running">
          These figures are on the data so far and grow until the month ends in the clinic’s timezone ({data.timezone}
          ).
        </Alert>
      ) : (
        // Staff pay is not in the billing file: it follows the time as logged (decision 1285).
        <p className="staff-pay__note">
          Staff pay counts the time as logged now, including calls logged into the month or deleted from it after its
          billing file was made. The month’s billing, once filed, stays as filed, under RTM billing.
        </p>
      )}
      {data.hourly_rate === null && (
        <Alert tone="warning" title="Pay cannot be computed yet">
          The clinic has not set its hourly monitoring rate.{' '}
          {canSetRate
            ? 'Set it in the billing settings below; the pay appears here once it is saved.'
            : 'A supervisor or an admin sets it in the billing settings.'}
        </Alert>
      )}
      <dl className="staff-pay__totals" aria-label={`Totals of ${formatMonth(month)}`}>
        <div>
          <dt>Pay</dt>
          <dd className="staff-pay__money">{data.totals.pay === null ? '—' : <Currency value={data.totals.pay} />}</dd>
        </div>
        <div>
          <dt>Payable minutes</dt>
          <dd className="tabular">{data.totals.payable_minutes}</dd>
        </div>
        <div>
          <dt>Not payable minutes</dt>
          <dd className="tabular">{data.totals.not_payable_minutes}</dd>
        </div>
        <div>
          <dt>Hourly rate</dt>
          <dd>{data.hourly_rate === null ? 'Not set' : <Currency value={data.hourly_rate} />}</dd>
        </div>
      </dl>
      {isMobile ? (
        <StaffPayCards rows={data.results} caption={caption} />
      ) : (
        <StaffPayTable rows={data.results} totals={data.totals} caption={caption} showTotals={!ownOnly} />
      )}
      <p className="staff-pay__note">
        <strong>Not payable</strong>: minutes on patients who had no live call (phone or video) in the month. RTM
        treatment management needs a live call each month, so these minutes are shown apart and not paid. Minutes are
        monitored seconds plus call minutes, floored to whole minutes; pay is the payable minutes at the hourly rate.
      </p>
      <Pagination label="Staff pay, pages" currentPage={page} totalItems={data.count} onPageChange={onPageChange} />
    </>
  );
}

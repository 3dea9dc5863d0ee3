import type { BillingUnits } from '@rehabit/contract';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import { SkeletonList } from '@web/components/ui/feedback/skeleton.tsx';
import { formatMonth } from '@web/components/ui/month-picker/months.ts';
import { Receipt } from 'lucide-react';
import { useBillingUnits } from '../api/get-billing-units.ts';
import { usePostCloseCorrections } from '../api/sign-off.ts';
import { BillingPatients } from './billing-patients.tsx';
import { BillingSummary } from './billing-summary.tsx';

type BillingMonthProps = {
  clinic: string | null;
  month: string;
  page: number;
  onPageChange: (page: number) => void;
};

/** A month's units per code and the patients who bill (a closed month's as filed), or why there are none. */
export function BillingMonth({ clinic, month, page, onPageChange }: BillingMonthProps) {
  const units = useBillingUnits(clinic, month, page);
  // The same read as the review's card: a closed month's figures as filed beside those recomputed now.
  const review = usePostCloseCorrections(clinic, month);
  const corrections = review.data?.closed_months.find((closed) => closed.month === month) ?? null;
  const { data } = units;

  if (units.isError) {
    return (
      <section className="section-card" aria-label={`Units of ${formatMonth(month)}`}>
        <ErrorState
          title={`The billing units of ${formatMonth(month)} could not be loaded`}
          error={units.error}
          onRetry={() => units.refetch()}
          isRetrying={units.isFetching}
        />
      </section>
    );
  }
  if (!data) {
    return (
      <section className="section-card" aria-label={`Units of ${formatMonth(month)}`}>
        <SkeletonList rows={4} label="Loading the billing units" />
      </section>
    );
  }
  if (data.count === 0) return <NobodyBills data={data} month={month} />;
  return (
    <>
      <BillingSummary data={data} month={month} corrections={corrections} />
      <BillingPatients
        data={data}
        month={month}
        page={page}
        onPageChange={onPageChange}
        isFetching={units.isPlaceholderData}
        corrections={corrections}
      />
    </>
  );
}

function NobodyBills({ data, month }: { data: BillingUnits; month: string }) {
  return (
    <section className="section-card" aria-label={`Units of ${formatMonth(month)}`}>
      <EmptyState
        icon={Receipt}
        title={`No patient bills in ${formatMonth(month)}${data.is_provisional ? ' so far' : ''}`}
        description={
          data.is_provisional
            ? 'The month is still running. Covered, consented and onboarded patients bill once they reach a code’s threshold: data days in a 30-day window, or minutes with a live call in the month.'
            : 'No covered, consented and onboarded patient reached a code’s threshold that month: data days in a 30-day window, or minutes with a live call.'
        }
      />
    </section>
  );
}

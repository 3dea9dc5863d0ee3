import { DEFAULT_PAGE_SIZE } from '@rehabit/contract';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import { SkeletonList } from '@web/components/ui/feedback/skeleton.tsx';
import { Pagination } from '@web/components/ui/pagination/pagination.tsx';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useReferrals } from '../api/get-referrals.ts';
import { ReferralRows } from './referral-rows.tsx';

/** The caller's invitations, newest first, a page at a time. */
export function ReferralList() {
  const [page, setPage] = useState(1);
  const referrals = useReferrals({ page, page_size: DEFAULT_PAGE_SIZE });
  const results = referrals.data?.results ?? [];

  if (referrals.isPending) return <SkeletonList rows={3} label="Loading your invitations" />;
  if (referrals.isError) {
    return (
      <ErrorState
        title="Your invitations could not be loaded"
        error={referrals.error}
        onRetry={() => referrals.refetch()}
        isRetrying={referrals.isFetching}
      />
    );
  }
  if (results.length === 0) {
    return (
      <EmptyState
        icon={Send}
        title="No invitations sent yet"
        description="Colleagues you invite appear here, from invited to signed up to approved."
      />
    );
  }
  return (
    <>
      <ReferralRows referrals={results} />
      <Pagination
        label="Invitation pages"
        currentPage={page}
        totalItems={referrals.data.count}
        onPageChange={setPage}
      />
    </>
  );
}

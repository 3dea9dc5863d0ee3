import { DEFAULT_PAGE_SIZE } from '@rehabit/contract';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { QueryStates } from '@web/components/ui/feedback/query-states.tsx';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useReferrals } from '../api/get-referrals.ts';
import { ReferralRows } from './referral-rows.tsx';

/** The caller's invitations, newest first, a page at a time. */
export function ReferralList() {
  const [page, setPage] = useState(1);
  const referrals = useReferrals({ page, page_size: DEFAULT_PAGE_SIZE });
  const results = referrals.data?.results ?? [];

  return (
    <QueryStates
      query={referrals}
      loading={{ rows: 3, label: 'Loading your invitations' }}
      failedTitle="Your invitations could not be loaded"
      isEmpty={results.length === 0}
      empty={
        <EmptyState
          icon={Send}
          title="No invitations sent yet"
          description="Colleagues you invite appear here, from invited to signed up to approved."
        />
      }
      pages={{ label: 'Invitation pages', page, total: referrals.data?.count ?? 0, onPageChange: setPage }}
    >
      <ReferralRows referrals={results} />
    </QueryStates>
  );
}

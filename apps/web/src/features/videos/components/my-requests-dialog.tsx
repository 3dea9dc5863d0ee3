import type { HepRequest } from '@rehabit/contract';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import { SkeletonList } from '@web/components/ui/feedback/skeleton.tsx';
import { Modal } from '@web/components/ui/modal/modal.tsx';
import { Pagination } from '@web/components/ui/pagination/pagination.tsx';
import { type PillTone, StatusPill } from '@web/components/ui/pill/status-pill.tsx';
import { ClinicTime } from '@web/features/clinics';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { useMyHepRequests } from '../api/get-my-hep-requests.ts';

const statusWords: Record<HepRequest['status'], [string, PillTone]> = {
  open: ['Waiting for an answer', 'warning'],
  answered: ['Answered', 'success'],
  declined: ['Declined', 'neutral'],
};

/** The videos the caller asked the content team for, with each answer once it came. */
export function MyRequestsDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const requests = useMyHepRequests(page, isOpen);
  return (
    <Modal isOpen={isOpen} onClose={onClose} title="My video requests" size="lg">
      {requests.isPending ? (
        <SkeletonList rows={3} label="Loading your requests" />
      ) : requests.isError ? (
        <ErrorState error={requests.error} onRetry={() => void requests.refetch()} />
      ) : requests.data.results.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title="No requests yet"
          description="Ask for a missing exercise with “Request a video”; the answer shows here and in your tasks."
        />
      ) : (
        <>
          <ul className="my-requests" aria-label="My video requests">
            {requests.data.results.map((request) => {
              const [word, tone] = statusWords[request.status];
              return (
                <li key={request.id} className="my-requests__item">
                  <div className="my-requests__head">
                    <span className="my-requests__date">
                      <ClinicTime value={request.created_at} style="date" />
                    </span>
                    <StatusPill tone={tone}>{word}</StatusPill>
                  </div>
                  <p className="my-requests__text">{request.request_content}</p>
                  {request.answer !== null && (
                    <p className="my-requests__answer">
                      <strong>Answer: </strong>
                      {request.answer}
                    </p>
                  )}
                  {request.answer_video && (
                    <p className="my-requests__answer">
                      <strong>Video in the library: </strong>
                      {request.answer_video.title}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
          <Pagination currentPage={page} totalItems={requests.data.count} onPageChange={setPage} />
        </>
      )}
    </Modal>
  );
}

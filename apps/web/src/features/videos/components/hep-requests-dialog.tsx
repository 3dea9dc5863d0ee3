import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import { SkeletonList } from '@web/components/ui/feedback/skeleton.tsx';
import { DateDisplay } from '@web/components/ui/format/date-display.tsx';
import { Modal } from '@web/components/ui/modal/modal.tsx';
import { Pagination } from '@web/components/ui/pagination/pagination.tsx';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { useHepRequests } from '../api/get-hep-requests.ts';

/** Admins read what clinics asked the content team to film, newest first. */
export function HepRequestsDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const requests = useHepRequests(page, isOpen);
  return (
    <Modal isOpen={isOpen} onClose={onClose} title="Video requests" size="lg">
      {requests.isPending ? (
        <SkeletonList rows={3} label="Loading requests" />
      ) : requests.isError ? (
        <ErrorState error={requests.error} onRetry={() => void requests.refetch()} />
      ) : requests.data.results.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title="No requests"
          description="Requests from clinics for missing videos show here."
        />
      ) : (
        <>
          <table className="video-table" aria-label="Video requests">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Clinic</th>
                <th scope="col">From</th>
                <th scope="col">Request</th>
              </tr>
            </thead>
            <tbody>
              {requests.data.results.map((request) => (
                <tr key={request.id}>
                  <td>
                    <DateDisplay value={request.created_at} />
                  </td>
                  <td>{request.clinic_code}</td>
                  <td>{request.requested_by.display_name}</td>
                  <td>{request.request_content}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination currentPage={page} totalItems={requests.data.count} onPageChange={setPage} />
        </>
      )}
    </Modal>
  );
}

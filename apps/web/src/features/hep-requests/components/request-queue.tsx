import { type HepRequest, type HepRequestStatus, hepRequestStatuses } from '@rehabit/contract';
import { PageHeader } from '@web/components/layouts/page-header.tsx';
import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { QueryStates } from '@web/components/ui/feedback/query-states.tsx';
import { Pagination } from '@web/components/ui/pagination/pagination.tsx';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type QueueFilter, useRequestQueue } from '../api/get-request-queue.ts';
import { AnswerRequestDialog } from './answer-request-dialog.tsx';
import { RequestCard } from './request-card.tsx';
import { requestStatusLabels } from './request-status.ts';
import './hep-requests.css';

const statusOptions = [
  ...hepRequestStatuses.map((status) => ({ value: status, label: requestStatusLabels[status] })),
  { value: 'all' as const, label: 'All' },
];
const orderOptions = [
  { value: 'oldest' as const, label: 'Oldest first' },
  { value: 'newest' as const, label: 'Newest first' },
];

/** The filter lives in the address: open requests, oldest first, page 1 unless it says otherwise. */
function useQueueParams(): [QueueFilter, (change: Partial<QueueFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const filter: QueueFilter = {
    status: status === 'all' || hepRequestStatuses.includes(status as HepRequestStatus) ? (status as 'all') : 'open',
    order: params.get('order') === 'newest' ? 'newest' : 'oldest',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const update = (change: Partial<QueueFilter>) => {
    const next = { ...filter, page: 1, ...change };
    setParams({ status: next.status, order: next.order, page: String(next.page) }, { replace: true });
  };
  return [filter, update];
}

/** The content team's queue: every clinic's requests for missing exercise videos, answered one by one. */
export function RequestQueue() {
  const [filter, update] = useQueueParams();
  const requests = useRequestQueue(filter);
  const [answering, setAnswering] = useState<HepRequest | null>(null);
  const results = requests.data?.results ?? [];
  return (
    <>
      <PageHeader
        title="Video requests"
        description="Clinics ask for exercise videos the library lacks. Answer each once; the requester gets a task."
      />
      <section className="section-card" aria-label="Requests">
        <div className="filter-row">
          <div className="filter-row__field">
            <Dropdown
              label="Status"
              options={statusOptions}
              value={filter.status}
              onChange={(status) => update({ status })}
            />
          </div>
          <div className="filter-row__field">
            <Dropdown
              label="Order"
              options={orderOptions}
              value={filter.order}
              onChange={(order) => update({ order })}
            />
          </div>
        </div>
        <div aria-busy={requests.isFetching}>
          <QueryStates
            query={requests}
            loading={{ rows: 3, label: 'Loading requests' }}
            failedTitle="The requests could not be loaded"
            isEmpty={results.length === 0}
            empty={
              <EmptyState
                icon={Inbox}
                title={filter.status === 'open' ? 'No open requests' : 'No requests here'}
                description={
                  filter.status === 'open'
                    ? 'No clinic is waiting for an answer. New requests show here.'
                    : 'No request has this status yet.'
                }
              />
            }
          >
            <ul className="hep-queue__list" aria-label="Requests">
              {results.map((request) => (
                <RequestCard key={request.id} request={request} onAnswer={setAnswering} />
              ))}
            </ul>
          </QueryStates>
        </div>
        <Pagination
          label="Request pages"
          currentPage={filter.page}
          totalItems={requests.data?.count ?? 0}
          onPageChange={(page) => update({ page })}
        />
      </section>
      {answering && <AnswerRequestDialog request={answering} onClose={() => setAnswering(null)} />}
    </>
  );
}

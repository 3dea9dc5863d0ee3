import type { InteractionLog as Log, Patient } from '@rehabit/contract';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog/confirm-dialog.tsx';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { QueryStates } from '@web/components/ui/feedback/query-states.tsx';
import { formatDate } from '@web/components/ui/format/format.ts';
import { useDeleteInteraction } from '@web/features/patients/api/delete-interaction.ts';
import { useInteractions } from '@web/features/patients/api/get-interactions.ts';
import { useRtmStatus } from '@web/features/patients/api/get-rtm-status.ts';
import { notify } from '@web/lib/notify.ts';
import { NotebookPen } from 'lucide-react';
import { useState } from 'react';
import { InteractionForm } from './interaction-form.tsx';
import { InteractionList } from './interaction-list.tsx';

/** The patient's interaction log: calls for billing and audits, logged and removed here. */
export function InteractionLogSection({ patient }: { patient: Patient }) {
  const patientId = patient.id;
  // The clinic's calendar day, which the month's calls are counted by (the RTM card asks for the same).
  const clinicToday = useRtmStatus(patient).data?.today;
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<Log | null>(null);
  const logs = useInteractions(patientId, page);
  const calls = logs.data?.results ?? [];
  const remove = useDeleteInteraction(patientId);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        notify.success('The call was deleted');
        setToDelete(null);
      },
    });
  };

  return (
    <section id="interaction-log" className="section-card" aria-labelledby="interaction-log-title">
      <h2 id="interaction-log-title" className="section-card__title">
        Interaction log
      </h2>
      <p className="section-card__intro">
        Live calls count toward the month&apos;s RTM minutes; a month needs at least one to bill treatment management.
      </p>
      <InteractionForm patientId={patientId} clinicToday={clinicToday} />
      <QueryStates
        query={logs}
        loading={{ rows: 3, label: 'Loading the interaction log' }}
        failedTitle="The interaction log could not be loaded"
        isEmpty={calls.length === 0}
        empty={
          <EmptyState
            icon={NotebookPen}
            title="No calls logged yet"
            description="Log each phone or video call with the patient above, on the day it happened."
          />
        }
        pages={{ label: 'Interaction log pages', page, total: logs.data?.count ?? 0, onPageChange: setPage }}
      >
        <InteractionList logs={calls} onDelete={setToDelete} />
      </QueryStates>
      <ConfirmDialog
        isOpen={toDelete !== null}
        onClose={() => {
          setToDelete(null);
          remove.reset();
        }}
        onConfirm={confirmDelete}
        title="Delete this call?"
        confirmLabel="Delete call"
        tone="danger"
        isPending={remove.isPending}
        error={remove.error ?? undefined}
      >
        {toDelete && (
          <p>
            The call of {formatDate(toDelete.date)} ({toDelete.minutes} min) will no longer count toward RTM minutes.
            The audit trail keeps a record of the deletion.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

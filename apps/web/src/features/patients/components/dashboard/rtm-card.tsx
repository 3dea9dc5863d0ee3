import type { Patient } from '@rehabit/contract';
import { Skeleton } from '@web/components/ui/feedback/skeleton.tsx';
import { useRtmStatus } from '@web/features/patients/api/get-rtm-status.ts';
import { RtmStatusLabels } from '../rtm-status-labels.tsx';

/**
 * "RTM this month" on the dashboard: the list's words, with a bar for the window's data days and the minutes, and a
 * line a code saying when it bills and what it still needs (decision 1241).
 */
export function RtmCard({ patient }: { patient: Patient }) {
  const status = useRtmStatus(patient);
  return (
    <section className="section-card rtm-card" aria-labelledby="rtm-card-title" aria-busy={status.isPending}>
      <h2 id="rtm-card-title" className="section-card__title">
        RTM this month
      </h2>
      {status.isPending ? (
        <Skeleton width="60%" />
      ) : status.isError ? (
        <p className="muted">The RTM status could not be loaded.</p>
      ) : (
        <RtmStatusLabels status={status.data.rtm} hasBars hasCodeLines />
      )}
    </section>
  );
}

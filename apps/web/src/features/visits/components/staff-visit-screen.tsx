import { can, isInCare } from '@rehabit/contract';
import { ButtonLink } from '@web/components/ui/button/button-link.tsx';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import { Spinner } from '@web/components/ui/feedback/spinner.tsx';
import { paths } from '@web/config/paths.ts';
import { usePausedMonitoring } from '@web/features/monitoring';
import { LOG_CALL_FORM_ID, usePatient } from '@web/features/patients';
import type { SessionUser } from '@web/features/session';
import { isApiError } from '@web/lib/api-error.ts';
import { VideoOff } from 'lucide-react';
import { useNavigate } from 'react-router';
import StaffCallPanel from './staff-call-panel.tsx';

/**
 * The video visit with one patient, a screen of its own (decision 1385): the call over the whole window, and back to
 * the patient's dashboard when it is closed, or to the dashboard's form to log a phone call instead. Nobody is
 * monitored while it is open: the visit logs its own minutes, which monitoring would otherwise count a second time.
 */
export function StaffVisitScreen({ user, patientId }: { user: SessionUser; patientId: number }) {
  const patient = usePatient(patientId);
  const navigate = useNavigate();
  // Not even the chat panel beside it monitors: the visit's minutes are the call's.
  usePausedMonitoring();
  const dashboard = paths.patientDashboard.getHref(patientId);

  if (patient.isPending && Number.isInteger(patientId)) {
    return (
      <p className="visit-screen__loading" role="status">
        <Spinner size={18} /> Loading the patient…
      </p>
    );
  }
  const data = patient.data;
  const isMissing = !Number.isInteger(patientId) || (isApiError(patient.error) && patient.error.status === 404);
  if (!data && !isMissing) {
    return (
      <ErrorState
        title="The patient could not be loaded"
        error={patient.error}
        onRetry={() => patient.refetch()}
        isRetrying={patient.isFetching}
      />
    );
  }
  if (!data || !isInCare(data.status) || !can(user.role, 'visits.start')) {
    return (
      <EmptyState
        icon={VideoOff}
        title={isMissing ? 'We could not find this patient' : 'No video visit here'}
        description={
          isMissing
            ? 'This patient does not exist in your clinic, or was removed.'
            : 'Video visits are held by therapists and supervisors with a patient in care.'
        }
        action={
          <ButtonLink to={isMissing ? paths.patients.getHref() : dashboard}>
            {isMissing ? 'Go to the patient list' : 'Back to the patient'}
          </ButtonLink>
        }
      />
    );
  }
  return (
    <StaffCallPanel
      patient={{
        id: data.id,
        name: data.display_name,
        firstName: data.first_name,
        initials: `${data.first_name.charAt(0)}${data.last_name.charAt(0)}`.toUpperCase(),
      }}
      onClose={() => void navigate(dashboard)}
      onLogPhoneCall={() => void navigate(`${dashboard}#${LOG_CALL_FORM_ID}`)}
    />
  );
}

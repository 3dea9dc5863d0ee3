import { MonitoringSection } from '@web/features/monitoring/components/monitoring-section.tsx';
import { PatientDashboard } from '@web/features/patients/components/dashboard/patient-dashboard.tsx';
import { ProgramSection } from '@web/features/program/components/program-section.tsx';
import { FunctionalDataSection } from '@web/features/progress/components/functional-section.tsx';
import { ProgressSection } from '@web/features/progress/components/progress-section.tsx';
import { RemindersSection } from '@web/features/reminders/components/reminders-section.tsx';
import { useCurrentUser } from '@web/features/session';
import { AssignTaskButton } from '@web/features/tasks/components/assign-task-button.tsx';
import { VideoVisitButton } from '@web/features/visits/components/video-visit-button.tsx';
import { useParams } from 'react-router';
import './screens.css';

export function PatientDashboardRoute() {
  const { id } = useParams();
  const user = useCurrentUser().data!;
  const patientId = /^\d+$/.test(id ?? '') ? Number(id) : Number.NaN;
  // A new patient gets a fresh screen: no dialog or page of the previous one carries over.
  return (
    <PatientDashboard
      key={patientId}
      patientId={patientId}
      user={user}
      sections={(patient) => (
        <>
          <ProgramSection patientId={patientId} clinicCode={patient.clinic.code} email={patient.email} />
          <ProgressSection patientId={patientId} />
          <FunctionalDataSection patientId={patientId} />
          <RemindersSection patient={patient} />
        </>
      )}
      afterInteractionLog={<MonitoringSection patientId={patientId} />}
      headerActions={(patient) =>
        patient.status !== 'removed' && (
          <>
            <VideoVisitButton user={user} patient={patient} />
            <AssignTaskButton user={user} patient={{ id: patient.id, displayName: patient.display_name }} />
          </>
        )
      }
    />
  );
}

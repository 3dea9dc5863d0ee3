import { useParams } from 'react-router';
import { PatientDashboard } from '../../../features/patients/components/dashboard/patient-dashboard.tsx';
import { ProgramSection } from '../../../features/program/components/program-section.tsx';
import { FunctionalDataSection } from '../../../features/progress/components/functional-section.tsx';
import { ProgressSection } from '../../../features/progress/components/progress-section.tsx';
import { useCurrentUser } from '../../../lib/session/get-current-user.ts';
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
      sections={
        <>
          <ProgramSection patientId={patientId} />
          <ProgressSection patientId={patientId} />
          <FunctionalDataSection patientId={patientId} />
        </>
      }
    />
  );
}

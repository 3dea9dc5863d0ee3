import { useCurrentUser } from '@web/features/session';
import { StaffVisitScreen } from '@web/features/visits/components/staff-visit-screen.tsx';
import { useParams } from 'react-router';

export function PatientVisitRoute() {
  const { id } = useParams();
  const user = useCurrentUser().data!;
  const patientId = /^\d+$/.test(id ?? '') ? Number(id) : Number.NaN;
  return <StaffVisitScreen key={patientId} user={user} patientId={patientId} />;
}

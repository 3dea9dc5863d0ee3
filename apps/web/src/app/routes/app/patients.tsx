import { InitialNoteModal } from '@web/features/patients/components/initial-note-modal.tsx';
import { PatientList } from '@web/features/patients/components/list/patient-list.tsx';
import { useCurrentUser } from '@web/features/session';
import './screens.css';

export function PatientsRoute() {
  // The protected layout renders screens only once the user is known.
  const user = useCurrentUser().data!;
  return (
    <>
      <PatientList user={user} />
      <InitialNoteModal />
    </>
  );
}

import { Users } from 'lucide-react';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { EmptyState } from '../../../components/ui/feedback/empty-state.tsx';
import { InitialNoteModal } from '../../../features/patients/components/initial-note-modal.tsx';
import './screens.css';

export function PatientsRoute() {
  return (
    <>
      <PageHeader title="Patients" description="Everyone your clinic follows between visits." />
      <section className="section-card" aria-labelledby="patient-list-title">
        <h2 id="patient-list-title" className="visually-hidden">
          Patient list
        </h2>
        <EmptyState
          icon={Users}
          title="No patients to show yet"
          description="Patients your clinic registers, or who sign up with the clinic's QR code, are listed here with their monitoring status."
        />
      </section>
      <InitialNoteModal />
    </>
  );
}

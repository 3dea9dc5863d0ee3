import { UserCog } from 'lucide-react';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { EmptyState } from '../../../components/ui/feedback/empty-state.tsx';
import './screens.css';

export function TherapistListRoute() {
  return (
    <>
      <PageHeader title="Therapists" description="Approve new staff and decide who has access to the clinic." />
      <section className="section-card" aria-label="Staff">
        <EmptyState
          icon={UserCog}
          title="No staff waiting for you"
          description="Therapists and office managers who sign up with your clinic code appear here for approval."
        />
      </section>
    </>
  );
}

import { MessageSquare } from 'lucide-react';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { EmptyState } from '../../../components/ui/feedback/empty-state.tsx';
import './screens.css';

export function ChatSessionsRoute() {
  return (
    <>
      <PageHeader title="Chat" description="Conversations with your patients and with Rehabit support." />
      <section className="section-card" aria-label="Conversations">
        <EmptyState
          icon={MessageSquare}
          title="No conversations yet"
          description="When a patient writes to you, or you start a chat from a patient's dashboard, it appears here."
        />
      </section>
    </>
  );
}

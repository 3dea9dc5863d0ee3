import { ArrowLeft, MessagesSquare } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { EmptyState } from '../../../components/ui/feedback/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import './screens.css';

export function ChatMessagesRoute() {
  const { id } = useParams();
  return (
    <>
      <Link className="back-link" to={paths.chat.getHref()}>
        <ArrowLeft size={16} aria-hidden="true" /> All conversations
      </Link>
      <PageHeader title="Messages" description={`Conversation #${id}`} />
      <section className="section-card" aria-label="Messages">
        <EmptyState
          icon={MessagesSquare}
          title="No messages yet"
          description="Write the first message; it is saved before it is sent, so nothing is lost."
        />
      </section>
    </>
  );
}

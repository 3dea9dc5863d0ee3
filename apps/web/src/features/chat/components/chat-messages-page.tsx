import { monitoringDisplayName } from '@rehabit/contract';
import { PageHeader } from '@web/components/layouts/page-header.tsx';
import { paths } from '@web/config/paths.ts';
import { chatKindsFor, useChatSessions } from '@web/features/chat/api/chat-sessions.ts';
import { useMonitoredPatient } from '@web/features/monitoring';
import { useCurrentUser } from '@web/features/session';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { sessionTitle } from '../lib/chat-labels.ts';
import { Conversation } from './conversation.tsx';
import { VideoVisitLink } from './video-visit-link.tsx';
import './chat.css';

/** Phones: /chat/{id}/messages, one conversation as a full page. */
export function ChatMessagesPage() {
  const { id } = useParams();
  const sessionId = Number(id);
  const user = useCurrentUser();
  const role = user.data?.role ?? 'therapist';
  const kinds = chatKindsFor(role);
  const patients = useChatSessions('patient', kinds.includes('patient'));
  const support = useChatSessions('support', kinds.includes('support'));
  const session = [...(patients.data?.results ?? []), ...(support.data?.results ?? [])].find(
    (item) => item.id === sessionId,
  );
  const title = session ? sessionTitle(session, role) : 'Messages';
  // A patient's room open on a phone monitors the clinician on that patient (decision 0704).
  const patient = session?.patient;
  useMonitoredPatient(
    patient
      ? {
          patientId: patient.id,
          displayName: monitoringDisplayName(patient),
          code: 'MONITORING_CODE_MOBILE_CHAT',
          origin: 'mobile-chat',
        }
      : null,
  );

  return (
    <>
      <Link className="back-link" to={paths.chat.getHref()}>
        <ArrowLeft size={16} aria-hidden="true" /> All conversations
      </Link>
      <PageHeader title={title} actions={session && <VideoVisitLink session={session} role={role} />} />
      {user.data && Number.isSafeInteger(sessionId) && sessionId > 0 && (
        <section className="section-card chat-page-conversation" aria-label="Conversation">
          <Conversation sessionId={sessionId} myUserId={user.data.id} />
        </section>
      )}
    </>
  );
}

import { can, type Role } from '@rehabit/contract';
import { PageHeader } from '@web/components/layouts/page-header.tsx';
import { paths } from '@web/config/paths.ts';
import { canChatWithPatients } from '@web/features/chat/api/chat-sessions.ts';
import { useCurrentUser } from '@web/features/session';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useOpenPatientSession } from '../api/open-session.ts';
import { ChatHome } from './chat-home.tsx';
import './chat.css';

const describe = (role: Role | undefined) =>
  role && can(role, 'support.answer')
    ? 'Support conversations with clinic staff.'
    : role && canChatWithPatients(role)
      ? 'Conversations with your patients and with Rehabit support.'
      : 'Your conversation with Rehabit support.';

/** Phones: /chat lists the conversations (unread first); `?patient=` opens that patient's conversation. */
export function ChatSessionsPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const patientId = Number(params.get('patient'));
  const { mutate } = useOpenPatientSession();

  useEffect(() => {
    if (!Number.isSafeInteger(patientId) || patientId <= 0) return;
    mutate(patientId, {
      onSuccess: (session) => navigate(paths.chatMessages.getHref(session.id), { replace: true }),
    });
  }, [patientId, mutate, navigate]);

  return (
    <>
      <PageHeader title="Chat" description={describe(user.data?.role)} />
      <section className="section-card chat-page-card" aria-label="Conversations">
        {user.data && (
          <ChatHome role={user.data.role} onOpen={(session) => navigate(paths.chatMessages.getHref(session.id))} />
        )}
      </section>
    </>
  );
}

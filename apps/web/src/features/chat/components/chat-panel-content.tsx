import { monitoringDisplayName } from '@rehabit/contract';
import { useChatPanelStore } from '@web/components/layouts/chat-panel-store.ts';
import { useMonitoredPatient } from '@web/features/monitoring';
import type { SessionUser } from '@web/features/session';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { useOpenPatientSession } from '../api/open-session.ts';
import { sessionTitle } from '../lib/chat-labels.ts';
import { ChatHome } from './chat-home.tsx';
import { Conversation } from './conversation.tsx';
import { VideoVisitLink } from './video-visit-link.tsx';
import './chat.css';
import '@web/components/ui/button/icon-button.css';

/** Desktop: the room list and one conversation inside the right-hand panel. */
export function ChatPanelContent({ user }: { user: SessionUser }) {
  const selected = useChatPanelStore((state) => state.chatRoom);
  const setSelected = useChatPanelStore((state) => state.setChatRoom);
  const patientId = useChatPanelStore((state) => state.chatPatientId);
  const clearPatient = useChatPanelStore((state) => state.clearChatPatient);
  const open = useOpenPatientSession();
  const { mutate } = open;
  // A patient's room open in the panel monitors the clinician on that patient (decision 0704).
  const patient = selected?.patient;
  useMonitoredPatient(
    patient
      ? {
          patientId: patient.id,
          displayName: monitoringDisplayName(patient),
          code: 'MONITORING_CODE_DESKTOP_CHAT',
          origin: 'desktop-chat',
        }
      : null,
  );

  // Asked to show a patient's conversation (the dashboard's "Message" action): open it, then forget the ask.
  useEffect(() => {
    if (patientId === null) return;
    clearPatient();
    mutate(patientId, { onSuccess: setSelected });
  }, [patientId, clearPatient, mutate, setSelected]);

  if (!selected) return <ChatHome role={user.role} onOpen={setSelected} />;
  return (
    <div className="chat-room">
      <div className="chat-room__header">
        <button type="button" className="icon-button" aria-label="All conversations" onClick={() => setSelected(null)}>
          <ArrowLeft size={20} aria-hidden="true" />
        </button>
        <h3 className="chat-room__title">{sessionTitle(selected, user.role)}</h3>
        <VideoVisitLink session={selected} role={user.role} iconOnly />
      </div>
      <Conversation key={selected.id} sessionId={selected.id} myUserId={user.id} />
    </div>
  );
}

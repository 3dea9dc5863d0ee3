import { useChatPanelStore } from '@web/components/layouts/chat-panel-store.ts';
import { Button } from '@web/components/ui/button/button.tsx';
import { ButtonLink } from '@web/components/ui/button/button-link.tsx';
import { paths } from '@web/config/paths.ts';
import { useIsMobile } from '@web/lib/device.ts';
import { MessageSquare } from 'lucide-react';

const icon = <MessageSquare size={18} aria-hidden="true" />;

/**
 * The way into the conversation with this patient. Its messages live in the chat, which opens the conversation, or
 * starts it, on this patient: the panel beside the dashboard on desktop, the chat screen on a phone.
 */
export function ChatSection({ patientId, patientName }: { patientId: number; patientName: string }) {
  const isMobile = useIsMobile();
  const openChatWithPatient = useChatPanelStore((s) => s.openChatWithPatient);
  return (
    <section id="chat" className="section-card" aria-labelledby="chat-title">
      <h2 id="chat-title" className="section-card__title">
        Chat
      </h2>
      <p className="section-card__intro">
        Messages with {patientName} are read and answered in the chat, which shows what is unread.
      </p>
      {isMobile ? (
        <ButtonLink to={paths.chat.getHref(patientId)} variant="secondary" icon={icon}>
          Open the conversation
        </ButtonLink>
      ) : (
        <Button variant="secondary" icon={icon} onClick={() => openChatWithPatient(patientId)}>
          Open the conversation
        </Button>
      )}
    </section>
  );
}

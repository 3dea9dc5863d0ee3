import { ChatMessagesPage } from '@web/features/chat/components/chat-messages-page.tsx';
import './screens.css';

export function ChatMessagesRoute() {
  return <ChatMessagesPage />;
}

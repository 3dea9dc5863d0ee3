import { ChatMessagesPage } from '../../../features/chat/components/chat-messages-page.tsx';
import './screens.css';

export function ChatMessagesRoute() {
  return <ChatMessagesPage />;
}

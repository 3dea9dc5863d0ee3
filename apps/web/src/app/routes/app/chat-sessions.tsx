import { ChatSessionsPage } from '@web/features/chat/components/chat-sessions-page.tsx';
import './screens.css';

export function ChatSessionsRoute() {
  return <ChatSessionsPage />;
}

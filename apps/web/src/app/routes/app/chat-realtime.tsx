import { SkeletonList } from '@web/components/ui/feedback/skeleton.tsx';
import { useChatEvents } from '@web/features/chat';
import type { SessionUser } from '@web/features/session';
import { lazy, Suspense } from 'react';

// The chat screens load with the panel's first opening, not with the first page.
const ChatPanelContent = lazy(() =>
  import('@web/features/chat/components/chat-panel-content.tsx').then((m) => ({ default: m.ChatPanelContent })),
);

/** Keeps the chat caches live from the socket for as long as someone is signed in. */
export function ChatRealtime({ userId }: { userId: number }) {
  useChatEvents(userId);
  return null;
}

/** The desktop panel's content: the room list and messages. */
export function DesktopChat({ user }: { user: SessionUser }) {
  return (
    <Suspense fallback={<SkeletonList rows={4} label="Loading chat" />}>
      <ChatPanelContent user={user} />
    </Suspense>
  );
}

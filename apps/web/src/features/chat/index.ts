export { useUnreadChatCount } from './api/chat-sessions.ts';
export { useMessages } from './api/get-messages.ts';
export { useSendMessage } from './api/send-message.ts';
export { isSessionOnScreen, showSession } from './lib/on-screen.ts';
export { newClientId, type OutgoingMessage, useOutboxStore } from './lib/outbox.ts';
export { useChatEvents } from './lib/use-chat-events.ts';

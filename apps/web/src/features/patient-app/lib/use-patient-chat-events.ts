import { chatEvents, chatMessageSchema, type PatientChat } from '@rehabit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { isSessionOnScreen, useChatEvents } from '@web/features/chat';
import { SOCKET_CONNECTED, useSocketEvent } from '@web/lib/socket.ts';
import { useRef } from 'react';
import { patientKeys } from '../api/keys.ts';

/**
 * Keeps the patient's chat live while signed in: messages join the conversation's cache (shared with
 * staff chat), and a message from the clinic that is not on screen raises the unread count on the tab.
 */
export function usePatientChatEvents(myUserId: number) {
  const queryClient = useQueryClient();
  // Replays after a reconnect bring messages again; each is counted once.
  const newestCounted = useRef(0);
  useChatEvents(myUserId);

  useSocketEvent(chatEvents.newMessage, (payload) => {
    const parsed = chatMessageSchema.safeParse(payload);
    if (!parsed.success) return;
    const message = parsed.data;
    const chat = queryClient.getQueryData<PatientChat>(patientKeys.chat);
    if (!chat || message.session !== chat.session || message.sender.id === myUserId) return;
    if (message.id <= newestCounted.current || isSessionOnScreen(message.session)) return;
    newestCounted.current = message.id;
    queryClient.setQueryData<PatientChat>(patientKeys.chat, {
      ...chat,
      unread_message_count: chat.unread_message_count + 1,
    });
  });

  useSocketEvent(SOCKET_CONNECTED, () => queryClient.invalidateQueries({ queryKey: patientKeys.chat }));
}

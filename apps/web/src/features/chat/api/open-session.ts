import { type ChatSession, chatEndpoints, type Paginated } from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatKeys } from '@web/features/chat/api/chat-sessions.ts';
import { call } from '@web/lib/api-client.ts';

/** POST /chat/session: the patient's conversation with the clinic, opened on first use. */
export const openPatientSession = (patient: number) => call(chatEndpoints.openSession, { body: { patient } });

export function useOpenPatientSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openPatientSession,
    onSuccess: (session) => {
      // A new conversation joins the list at once, so the panel and the page agree.
      queryClient.setQueryData<Paginated<ChatSession>>(chatKeys.sessions('patient'), (list) =>
        !list || list.results.some((item) => item.id === session.id)
          ? list
          : { ...list, count: list.count + 1, results: [session, ...list.results] },
      );
    },
  });
}

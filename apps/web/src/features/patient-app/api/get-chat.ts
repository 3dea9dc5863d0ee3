import { patientAppEndpoints } from '@rehabit/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { patientKeys } from './keys.ts';

/** The patient's one conversation with the clinic (opened on first use) and how many messages wait unread. */
export const getPatientChat = (signal?: AbortSignal) => call(patientAppEndpoints.chat, { signal });

export const usePatientChat = () =>
  useQuery({
    queryKey: patientKeys.chat,
    queryFn: ({ signal }) => getPatientChat(signal),
    // The socket keeps the unread count current; a reconnect loads it again.
    staleTime: 5 * 60_000,
    meta: { errorHandling: 'silent' },
  });

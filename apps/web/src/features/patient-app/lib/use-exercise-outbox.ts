import { useQueryClient } from '@tanstack/react-query';
import { patientKeys } from '@web/features/patient-app/api/keys.ts';
import { logExercise } from '@web/features/patient-app/api/log-exercise.ts';
import { useCurrentUser } from '@web/features/session';
import { useCallback, useEffect } from 'react';
import { keepLog, type SessionChange, sendPendingLogs } from './exercise-outbox.ts';

/** How often kept sessions are tried again while some wait: a failing network sends no `online` event. */
export const RESEND_INTERVAL_MS = 20_000;

function useSendPending(userId: number | undefined) {
  const queryClient = useQueryClient();
  return useCallback(() => {
    if (userId === undefined) return;
    void sendPendingLogs(userId, logExercise, () => queryClient.invalidateQueries({ queryKey: patientKeys.all }));
  }, [userId, queryClient]);
}

/**
 * Sends the sessions kept on the phone: when the patient's side opens (what an earlier visit could not send), when
 * the network comes back, and every 20 s while some wait.
 */
export function useSendKeptLogs(userId: number) {
  const send = useSendPending(userId);
  useEffect(() => {
    send();
    window.addEventListener('online', send);
    const timer = window.setInterval(send, RESEND_INTERVAL_MS);
    return () => {
      window.removeEventListener('online', send);
      window.clearInterval(timer);
    };
  }, [send]);
}

/** Keeps a change of a session of `day` on the phone and sends it at once. */
export function useKeepLog(day: string) {
  const userId = useCurrentUser().data?.id;
  const send = useSendPending(userId);
  return {
    userId,
    keep: (change: SessionChange) => {
      if (userId === undefined) return;
      keepLog(userId, day, change);
      send();
    },
  };
}

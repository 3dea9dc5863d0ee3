import { type ReminderScheduleBody, reminderEndpoints } from '@rehabit/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { patientKeys } from './keys.ts';

/** The patient's own reminders (decision 1350): the defaults, off, while nothing is saved. */
export const useMyReminders = () =>
  useQuery({
    queryKey: patientKeys.reminders,
    queryFn: ({ signal }) => call(reminderEndpoints.mine, { signal }),
    // Today asks too (for its card while reminders are off): every read is audited, so it is not repeated often.
    staleTime: 5 * 60_000,
    meta: { errorHandling: 'silent' },
  });

/** Saves the patient's choice, which staff can no longer change. */
export const useSaveMyReminders = () =>
  useChangeMutation({
    mutationFn: (body: ReminderScheduleBody) => call(reminderEndpoints.saveMine, { body }),
    meta: { errorHandling: 'silent' },
    stale: [patientKeys.reminders],
  });

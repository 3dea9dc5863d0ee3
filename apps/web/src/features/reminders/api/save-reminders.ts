import { type ReminderScheduleBody, reminderEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { reminderKeys } from './reminder-keys.ts';

/**
 * Saves staff's default; the API refuses it (409) once the patient has chosen their own, and the schedule is read
 * again then too, so the form learns it is the patient's now.
 */
export const useSavePatientReminders = (patientId: number) =>
  useChangeMutation({
    mutationFn: (body: ReminderScheduleBody) =>
      call(reminderEndpoints.saveForPatient, { params: { id: patientId }, body }),
    meta: { errorHandling: 'silent' },
    stale: [reminderKeys.patient(patientId)],
    staleAfterFailure: [reminderKeys.schedule(patientId)],
  });

import { reminderEndpoints } from '@rehabit/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { reminderKeys } from './reminder-keys.ts';

/** A patient's reminder schedule: the patient's choice, staff's default, or the defaults while nothing is saved. */
export const usePatientReminders = (patientId: number, enabled = true) =>
  useQuery({
    queryKey: reminderKeys.schedule(patientId),
    queryFn: ({ signal }) => call(reminderEndpoints.ofPatient, { params: { id: patientId }, signal }),
    // An audited read: not asked by someone the permission table does not let read it.
    enabled,
    meta: { errorHandling: 'silent' },
  });

/** One page of what each day's reminder became, newest first. */
export const useRemindersSent = (patientId: number, page: number) =>
  useQuery({
    queryKey: reminderKeys.sent(patientId, page),
    queryFn: ({ signal }) => call(reminderEndpoints.sent, { params: { id: patientId }, query: { page }, signal }),
    placeholderData: keepPreviousData,
    meta: { errorHandling: 'silent' },
  });

/** Days logged against days planned, for each of the last 8 weeks. */
export const useReminderAdherence = (patientId: number) =>
  useQuery({
    queryKey: reminderKeys.adherence(patientId),
    queryFn: ({ signal }) => call(reminderEndpoints.adherence, { params: { id: patientId }, signal }),
    meta: { errorHandling: 'silent' },
  });

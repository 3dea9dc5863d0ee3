import { type Patient, rtmStatusEndpoints } from '@rehabit/contract';
import { useQuery } from '@tanstack/react-query';
import { monitoringKeys } from '@web/features/monitoring';
import { call } from '@web/lib/api-client.ts';

export const getRtmStatus = (id: number, signal?: AbortSignal) =>
  call(rtmStatusEndpoints.patient, { params: { id }, signal });

/**
 * A patient's RTM status today, and the clinic's calendar day. Keyed under the patient's monitored minutes, so a
 * session's end and a call logged or deleted refresh it; and by what the status reads of the record (status,
 * coverage, consent), so a change there reads it again.
 */
export const useRtmStatus = (patient: Patient) =>
  useQuery({
    queryKey: [...monitoringKeys.rtmStatus(patient.id), patient.status, patient.is_rtm_covered, patient.consent_date],
    queryFn: ({ signal }) => getRtmStatus(patient.id, signal),
    // A registered patient was never onboarded: there is no status to ask for.
    enabled: patient.status !== 'registered',
    meta: { errorHandling: 'silent' },
  });

import { patientMeasureEndpoints, type SubmitMeasureBody } from '@rehabit/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { patientKeys } from './keys.ts';

/** The outcome measures the therapist asks the patient to fill in, due today or before (decision 1360). */
export const useDueMeasures = () =>
  useQuery({
    queryKey: patientKeys.measures,
    queryFn: ({ signal }) => call(patientMeasureEndpoints.due, { signal }),
    meta: { errorHandling: 'silent' },
  });

/** Sends the answers; the body's client_id names them, so a retry is stored once. */
export const useSubmitMeasure = () =>
  useChangeMutation({
    mutationFn: (body: SubmitMeasureBody) => call(patientMeasureEndpoints.submit, { body }),
    meta: { errorHandling: 'silent' },
    stale: [patientKeys.measures],
    // The thank-you shows at once; the due list is read again behind it.
    waitForStale: false,
  });

import { adminClinicsEndpoints, type createClinicBodySchema } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import type { z } from 'zod';
import { clinicsQueryKey } from './get-clinics.ts';

export type NewClinic = z.input<typeof createClinicBodySchema>;

export const createClinic = (body: NewClinic) => call(adminClinicsEndpoints.create, { body });

export function useCreateClinic() {
  return useChangeMutation({
    mutationFn: createClinic,
    meta: { errorHandling: 'form' },
    stale: [clinicsQueryKey],
  });
}

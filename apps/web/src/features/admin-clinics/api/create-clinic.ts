import { adminClinicsEndpoints, type createClinicBodySchema } from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import type { z } from 'zod';
import { clinicsQueryKey } from './get-clinics.ts';

export type NewClinic = z.input<typeof createClinicBodySchema>;

export const createClinic = (body: NewClinic) => call(adminClinicsEndpoints.create, { body });

export function useCreateClinic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClinic,
    meta: { errorHandling: 'form' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clinicsQueryKey }),
  });
}

import { type OnboardBody, patientPaths, patientSchema } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useRefreshPatients } from './refresh-patients.ts';

export const onboardPatient = ({ id, body }: { id: number; body: OnboardBody }) =>
  api.post(patientPaths.onboard(id), body, { schema: patientSchema });

export function useOnboardPatient() {
  const refresh = useRefreshPatients();
  return useMutation({
    mutationFn: onboardPatient,
    meta: { errorHandling: 'form' },
    onSuccess: (patient) => refresh([patient]),
  });
}

import { type OnboardBody, patientEndpoints } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { useRefreshPatients } from './refresh-patients.ts';

export const onboardPatient = ({ id, body }: { id: number; body: OnboardBody }) =>
  call(patientEndpoints.onboard, { params: { id }, body });

export function useOnboardPatient() {
  const refresh = useRefreshPatients();
  return useMutation({
    mutationFn: onboardPatient,
    meta: { errorHandling: 'form' },
    onSuccess: (patient) => refresh([patient]),
  });
}

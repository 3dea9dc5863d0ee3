import { type ApplyTemplateBody, programTemplateEndpoints } from '@rehabit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { progressQueryKey } from '@web/features/progress';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { programQueryKey } from './get-program.ts';

/** Copies a template's or a protocol's exercises into the patient's program; the answer holds the whole program. */
export const applyTemplate = (patientId: number, body: ApplyTemplateBody) =>
  call(programTemplateEndpoints.apply, { params: { id: patientId }, body });

export function useApplyTemplate(patientId: number) {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: (body: ApplyTemplateBody) => applyTemplate(patientId, body),
    meta: { errorHandling: 'silent' },
    onSuccess: (result) => queryClient.setQueryData(programQueryKey(patientId), result.program),
    stale: [progressQueryKey(patientId)],
  });
}

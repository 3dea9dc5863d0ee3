import { type HasAccessBody, staffListEnvelopeSchema, supervisorPaths } from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Taking access away ends the person's sessions at once. */
export const setAccess = (body: HasAccessBody) =>
  api.patch(supervisorPaths.hasAccess, body, { schema: staffListEnvelopeSchema });

export function useSetAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAccess,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}

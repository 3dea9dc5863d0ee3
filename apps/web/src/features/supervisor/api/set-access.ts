import { type HasAccessBody, supervisorEndpoints } from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

/** Taking access away ends the person's sessions at once. */
export const setAccess = (body: HasAccessBody) => call(supervisorEndpoints.setAccess, { body });

export function useSetAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAccess,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}

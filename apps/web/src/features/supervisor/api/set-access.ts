import { type HasAccessBody, supervisorEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';

/** Taking access away ends the person's sessions at once. */
export const setAccess = (body: HasAccessBody) => call(supervisorEndpoints.setAccess, { body });

export function useSetAccess() {
  return useChangeMutation({
    mutationFn: setAccess,
    stale: [['staff']],
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { endSession, logout } from '../../../lib/session/logout.ts';
import { forgetRedirectPath } from '../../../lib/storage.ts';

/** Signs the patient out (best effort on the server) and returns to the patient's sign-in. */
export function usePatientSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    meta: { errorHandling: 'silent' },
    onSettled: () => {
      forgetRedirectPath();
      endSession(queryClient, { isVoluntary: true });
      navigate(paths.patientLogin.getHref(), { replace: true });
    },
  });
}

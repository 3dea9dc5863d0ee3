import { type SupervisorSigninBody, supervisorEndpoints } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { useAuthStore } from '@web/features/session';
import { call } from '@web/lib/api-client.ts';
import { ApiError } from '@web/lib/api-error.ts';

export const supervisorSignin = (body: SupervisorSigninBody) => call(supervisorEndpoints.signin, { body });

/** Supervisors sign in with the clinic code and the supervisor password; the token is kept like staff's. */
export function useSupervisorSignin() {
  const { signinStarted, signinSucceeded, signinFailed } = useAuthStore.getState();
  return useMutation({
    mutationFn: supervisorSignin,
    meta: { errorHandling: 'form' },
    onMutate: () => signinStarted(),
    onSuccess: ({ token }) => signinSucceeded(token),
    onError: (error) => signinFailed(error instanceof ApiError ? error : ApiError.network()),
  });
}

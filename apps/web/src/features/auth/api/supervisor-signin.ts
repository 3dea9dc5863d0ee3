import { type SupervisorSigninBody, supervisorPaths, tokenResponseSchema } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';

export const supervisorSignin = (body: SupervisorSigninBody) =>
  api.post(supervisorPaths.signin, body, { schema: tokenResponseSchema });

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

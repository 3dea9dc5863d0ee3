import { authEndpoints, type SigninBody } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { useAuthStore } from '@web/features/session';
import { call } from '@web/lib/api-client.ts';
import { ApiError } from '@web/lib/api-error.ts';

export const signin = (body: SigninBody) => call(authEndpoints.signin, { body });

/** The request sets loading, success stores the token, an error clears it (decision 1312). */
export function useSignin() {
  const { signinStarted, signinSucceeded, signinFailed } = useAuthStore.getState();
  return useMutation({
    mutationFn: signin,
    meta: { errorHandling: 'form' },
    onMutate: () => signinStarted(),
    onSuccess: ({ token }) => signinSucceeded(token),
    onError: (error) => signinFailed(error instanceof ApiError ? error : ApiError.network()),
  });
}

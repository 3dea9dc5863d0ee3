import { authEndpoints, type SigninBody } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { useAuthStore } from '@web/features/session';
import { call } from '@web/lib/api-client.ts';
import { ApiError } from '@web/lib/api-error.ts';

export const signin = (body: SigninBody) => call(authEndpoints.signin, { body });

/**
 * A staff sign-in's request, whichever form sends it: the request sets loading, success stores the token, an error
 * clears it (decision 1312).
 */
export function useSigninMutation<Body>(send: (body: Body) => Promise<{ token: string }>) {
  const { signinStarted, signinSucceeded, signinFailed } = useAuthStore.getState();
  return useMutation({
    mutationFn: send,
    meta: { errorHandling: 'form' },
    onMutate: () => signinStarted(),
    onSuccess: ({ token }) => signinSucceeded(token),
    onError: (error) => signinFailed(error instanceof ApiError ? error : ApiError.network()),
  });
}

export const useSignin = () => useSigninMutation(signin);

import {
  type PatientSigninBody,
  patientSigninEndpoints,
  phoneCodeEndpoints,
  type SendOtpBody,
  type VerifyOtpBody,
} from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { useAuthStore } from '@web/features/session';
import { call } from '@web/lib/api-client.ts';
import { ApiError } from '@web/lib/api-error.ts';

/** Public: texts a 6-digit code to the patient's phone. */
export const sendCode = (body: SendOtpBody) => call(phoneCodeEndpoints.sendOtp, { body });
export const useSendCode = () => useMutation({ mutationFn: sendCode, meta: { errorHandling: 'form' } });

/** The phone checked, but it belongs to no patient of a clinic: there is no account to sign in to. */
export class NoPatientAccountError extends Error {}

/** Trades the texted code for a patient's token (answered only when the phone is a patient's). */
export async function signInWithCode(body: VerifyOtpBody) {
  const answer = await call(phoneCodeEndpoints.verifyOtp, { body });
  if (!answer.token) throw new NoPatientAccountError();
  return { token: answer.token };
}

export const signInWithPassword = (body: PatientSigninBody) => call(patientSigninEndpoints.signin, { body });

/** Either way of signing in ends the same: the token is stored and the session begins. */
function useTokenSignIn<T>(mutationFn: (body: T) => Promise<{ token: string }>) {
  const { signinStarted, signinSucceeded, signinFailed } = useAuthStore.getState();
  return useMutation({
    mutationFn,
    meta: { errorHandling: 'form' },
    onMutate: () => signinStarted(),
    onSuccess: ({ token }) => signinSucceeded(token, 'patient'),
    onError: (error) => signinFailed(error instanceof ApiError ? error : ApiError.network()),
  });
}

export const useSignInWithCode = () => useTokenSignIn(signInWithCode);
export const useSignInWithPassword = () => useTokenSignIn(signInWithPassword);

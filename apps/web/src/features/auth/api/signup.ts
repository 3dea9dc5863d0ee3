import { authEndpoints, type SignupBody } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

export const signup = (body: SignupBody) => call(authEndpoints.signup, { body });

export const useSignup = () => useMutation({ mutationFn: signup, meta: { errorHandling: 'form' } });

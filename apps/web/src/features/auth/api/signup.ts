import { authPaths, type SignupBody, signupResponseSchema } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const signup = (body: SignupBody) => api.post(authPaths.signup, body, { schema: signupResponseSchema });

export const useSignup = () => useMutation({ mutationFn: signup, meta: { errorHandling: 'form' } });

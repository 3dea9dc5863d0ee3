import { authEndpoints, type ResetPasswordBody } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

/** Always answers 202 with a detail, whether or not the address has an account. */
export const requestPasswordReset = (body: ResetPasswordBody) => call(authEndpoints.resetPassword, { body });

export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: requestPasswordReset, meta: { errorHandling: 'form' } });

import { authPaths, detailSchema, type ResetPasswordBody } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Always answers 202 with a detail, whether or not the address has an account. */
export const requestPasswordReset = (body: ResetPasswordBody) =>
  api.post(authPaths.resetPassword, body, { schema: detailSchema });

export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: requestPasswordReset, meta: { errorHandling: 'form' } });

import { authEndpoints, type ResetPasswordConfirmBody } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

export const confirmPasswordReset = (body: ResetPasswordConfirmBody) =>
  call(authEndpoints.resetPasswordConfirm, { body });

export const useConfirmPasswordReset = () =>
  useMutation({ mutationFn: confirmPasswordReset, meta: { errorHandling: 'form' } });

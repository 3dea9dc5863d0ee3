import { authPaths, type ResetPasswordConfirmBody, userEnvelopeSchema } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const confirmPasswordReset = (body: ResetPasswordConfirmBody) =>
  api.post(authPaths.resetPasswordConfirm, body, { schema: userEnvelopeSchema });

export const useConfirmPasswordReset = () =>
  useMutation({ mutationFn: confirmPasswordReset, meta: { errorHandling: 'form' } });

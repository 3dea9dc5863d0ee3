import { patientPaths, type VerifyOtpBody, verifyOtpResponseSchema } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Public: trades the texted code for a token that lets the registration through. */
export const verifyOtp = (body: VerifyOtpBody) =>
  api.post(patientPaths.verifyOtp, body, { schema: verifyOtpResponseSchema });

export const useVerifyOtp = () => useMutation({ mutationFn: verifyOtp, meta: { errorHandling: 'form' } });

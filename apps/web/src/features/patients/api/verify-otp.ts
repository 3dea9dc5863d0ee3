import { patientEndpoints, type VerifyOtpBody } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

/** Public: trades the texted code for a token that lets the registration through. */
export const verifyOtp = (body: VerifyOtpBody) => call(patientEndpoints.verifyOtp, { body });

export const useVerifyOtp = () => useMutation({ mutationFn: verifyOtp, meta: { errorHandling: 'form' } });

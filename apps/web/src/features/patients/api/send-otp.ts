import { patientEndpoints, type SendOtpBody } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

/** Public: texts a 6-digit code to the phone (limits in decision 0504: a minute apart, a few per caller). */
export const sendOtp = (body: SendOtpBody) => call(patientEndpoints.sendOtp, { body });

export const useSendOtp = () => useMutation({ mutationFn: sendOtp, meta: { errorHandling: 'form' } });

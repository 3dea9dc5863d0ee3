import { detailSchema, patientPaths, type SendOtpBody } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Public: texts a 6-digit code to the phone (limits in decision 0504: a minute apart, a few per caller). */
export const sendOtp = (body: SendOtpBody) => api.post(patientPaths.sendOtp, body, { schema: detailSchema });

export const useSendOtp = () => useMutation({ mutationFn: sendOtp, meta: { errorHandling: 'form' } });

import { patientEndpoints, phoneCodeEndpoints, type QrRegistrationBody, type VerifyOtpBody } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

/** Public: trades the texted code for a token that lets the registration through. */
export const verifyPhone = (body: VerifyOtpBody) => call(phoneCodeEndpoints.verifyOtp, { body });
export const useVerifyPhone = () => useMutation({ mutationFn: verifyPhone, meta: { errorHandling: 'form' } });

/** Public: the patient's own registration from the clinic's QR code, after the phone was verified. */
export const registerByQr = (body: QrRegistrationBody) => call(patientEndpoints.qrRegistration, { body });
export const useRegisterByQr = () => useMutation({ mutationFn: registerByQr, meta: { errorHandling: 'form' } });

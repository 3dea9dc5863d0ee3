import { patientEndpoints, type QrRegistrationBody } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

/** Public: the patient's own registration, after the phone was verified. */
export const registerByQr = (body: QrRegistrationBody) => call(patientEndpoints.qrRegistration, { body });

export const useRegisterByQr = () => useMutation({ mutationFn: registerByQr, meta: { errorHandling: 'form' } });

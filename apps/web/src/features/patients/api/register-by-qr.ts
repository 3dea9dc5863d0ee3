import { patientPaths, type QrRegistrationBody, qrRegistrationResponseSchema } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Public: the patient's own registration, after the phone was verified. */
export const registerByQr = (body: QrRegistrationBody) =>
  api.post(patientPaths.qrRegistration, body, { schema: qrRegistrationResponseSchema });

export const useRegisterByQr = () => useMutation({ mutationFn: registerByQr, meta: { errorHandling: 'form' } });

import { type HandoutLanguage, hepEndpoints } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

/** E-mails the handout of the patient's program to the patient, in a language (decision 1415). */
export const useEmailHandout = (patientId: number) =>
  useMutation({
    mutationFn: (language: HandoutLanguage) =>
      call(hepEndpoints.handoutEmail, { params: { id: patientId }, body: { language } }),
  });

import { type HandoutLanguage, hepEndpoints } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { download, saveFile } from '@web/lib/api-client.ts';

/** Downloads the printable handout of the patient's program in a language and saves it as a PDF. */
export async function downloadHandout(patientId: number, language: HandoutLanguage) {
  saveFile(await download(hepEndpoints.handout, { params: { id: patientId }, query: { language } }));
}

export const useDownloadHandout = (patientId: number) =>
  useMutation({ mutationFn: (language: HandoutLanguage) => downloadHandout(patientId, language) });

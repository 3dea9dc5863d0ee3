import { fhirEndpoints } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { download, saveFile } from '@web/lib/api-client.ts';

/** Downloads the patient's record as a FHIR R4 Bundle for the clinic's EMR (decision 1425) and saves it. */
export const useDownloadFhirRecord = (patientId: number) =>
  useMutation({
    mutationFn: async () => saveFile(await download(fhirEndpoints.bundle, { params: { id: patientId } })),
  });

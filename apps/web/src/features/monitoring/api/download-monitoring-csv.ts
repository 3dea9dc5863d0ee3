import { monitoringEndpoints } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { download, saveFile } from '@web/lib/api-client.ts';

/** Downloads the audit CSV of one patient's month (null: the current one) and saves it as a file. */
export async function downloadMonitoringCsv(patientId: number, month: string | null) {
  const file = await download(monitoringEndpoints.exportPatient, {
    params: { id: patientId },
    query: { month: month ?? undefined },
  });
  saveFile(file);
}

export const useDownloadMonitoringCsv = (patientId: number) =>
  useMutation({ mutationFn: (month: string | null) => downloadMonitoringCsv(patientId, month) });

import { type AuditFilter, auditLogEndpoints } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { download, saveFile } from '@web/lib/api-client.ts';

/** Downloads the filter's rows as CSV and saves the file. */
export async function downloadAuditCsv(filter: Partial<AuditFilter>) {
  saveFile(await download(auditLogEndpoints.export, { query: filter }));
}

export const useDownloadAuditCsv = () => useMutation({ mutationFn: downloadAuditCsv });

import { billingEndpoints } from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearBillingBadge } from '@web/features/session';
import { call, type DownloadProgress, saveFile } from '@web/lib/api-client.ts';
import { useState } from 'react';
import { clinicQuery, monthParts } from '../lib/billing-month.ts';
import { bytesOfBase64, XLSX_TYPE } from '../lib/xlsx-file.ts';

/** The month's file (decision 0801) comes as base64 with its name, and is saved as the workbook it is. */
export async function downloadBillingFile(
  clinic: string | null,
  month: string,
  onProgress?: (progress: DownloadProgress) => void,
) {
  const file = await call(billingEndpoints.downloadFile, {
    params: monthParts(month),
    query: clinicQuery(clinic),
    onProgress,
  });
  saveFile({ blob: new Blob([bytesOfBase64(file.content)], { type: XLSX_TYPE }), filename: file.name });
}

/** Downloads the month's file with its progress; once saved, the round '1' of a new file goes (decision 0801). */
export function useDownloadBillingFile(clinic: string | null, month: string) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: () => {
      // Indeterminate until the answer's headers say how large it is.
      setProgress({ loaded: 0, total: null });
      return downloadBillingFile(clinic, month, setProgress);
    },
    // The file card says what failed, beside the button.
    meta: { errorHandling: 'silent' },
    onSuccess: () => clearBillingBadge(queryClient),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}

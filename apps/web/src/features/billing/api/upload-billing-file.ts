import { billingEndpoints } from '@rehabit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '@web/features/session';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { monthParts } from '../lib/billing-month.ts';
import type { ChosenWorkbook } from '../lib/xlsx-file.ts';
import { billingKeys } from './keys.ts';

/** An admin replaces a clinic's month's file with a corrected workbook. */
export const uploadBillingFile = (clinicCode: string, month: string, workbook: ChosenWorkbook) =>
  call(billingEndpoints.uploadFile, { params: { clinicCode, ...monthParts(month) }, body: workbook });

export function useUploadBillingFile(clinicCode: string, month: string) {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: (workbook: ChosenWorkbook) => uploadBillingFile(clinicCode, month, workbook),
    meta: { errorHandling: 'silent' },
    onSuccess: (status) => {
      queryClient.setQueryData(billingKeys.file(clinicCode, month), status);
    },
    stale: [currentUserQueryKey],
  });
}

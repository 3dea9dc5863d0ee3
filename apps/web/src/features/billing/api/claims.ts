import { billingClaimsEndpoints } from '@rehabit/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call, download, saveFile } from '@web/lib/api-client.ts';
import { clinicQuery, monthParts } from '../lib/billing-month.ts';
import { billingKeys } from './keys.ts';

/** The closed month's service lines that lack a claim's field (decision 1435); names patients. */
export const useClaimsCheck = (clinic: string | null, month: string) =>
  useQuery({
    queryKey: billingKeys.claimsCheck(clinic, month),
    queryFn: ({ signal }) =>
      call(billingClaimsEndpoints.claimsCheck, { params: monthParts(month), query: clinicQuery(clinic), signal }),
    // Read afresh whenever the card shows: the gaps it lists are fixed on other screens (a patient's details, the
    // billing settings), which do not know of this check.
    staleTime: 0,
    meta: { errorHandling: 'silent' },
  });

/** Downloads the closed month's claims CSV for the clearinghouse and saves it as a file. */
export const useDownloadClaimsCsv = (clinic: string | null, month: string) =>
  useMutation({
    mutationFn: async () =>
      saveFile(
        await download(billingClaimsEndpoints.claimsCsv, { params: monthParts(month), query: clinicQuery(clinic) }),
      ),
    // The file card says what failed, beside the button.
    meta: { errorHandling: 'silent' },
  });

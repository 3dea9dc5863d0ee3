import { billingSignOffEndpoints, type SignOffBody } from '@rehabit/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '@web/features/session';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { clinicQuery, monthParts } from '../lib/billing-month.ts';
import { billingKeys } from './keys.ts';

/** The month's sign-off state: not closed yet, waiting for the supervisor, or signed (by whom, when, checksums). */
export const useSignOff = (clinic: string | null, month: string) =>
  useQuery({
    queryKey: billingKeys.signOff(clinic, month),
    queryFn: ({ signal }) =>
      call(billingSignOffEndpoints.signOff, { params: monthParts(month), query: clinicQuery(clinic), signal }),
    meta: { errorHandling: 'silent' },
  });

/** What changed in closed months (the one before and this one) after they were filed; names patients. */
export const usePostCloseCorrections = (clinic: string | null, month: string) =>
  useQuery({
    queryKey: billingKeys.postClose(clinic, month),
    queryFn: ({ signal }) =>
      call(billingSignOffEndpoints.postCloseCorrections, {
        params: monthParts(month),
        query: clinicQuery(clinic),
        signal,
      }),
    meta: { errorHandling: 'silent' },
  });

/** The supervisor signs their clinic's closed month; every figure of the clinic is read again (now the signed ones). */
export function useSignMonth(month: string) {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: (reviewed: SignOffBody['reviewed']) =>
      call(billingSignOffEndpoints.sign, { params: monthParts(month), query: {}, body: { reviewed } }),
    meta: { errorHandling: 'silent' },
    // Refused because the figures moved: the screen reads them again, for the supervisor to review.
    staleAfterFailure: [billingKeys.clinic(null)],
    onSuccess: (state) => queryClient.setQueryData(billingKeys.signOff(null, month), state),
    // The month's file is now the signed copy (the staff's round '1' too), and its figures the signed ones.
    stale: [billingKeys.clinic(null), currentUserQueryKey],
  });
}

import { referralEndpoints, type SendReferralBody } from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { referralsQueryKey } from './get-referrals.ts';

/** E-mails a colleague an invitation with a sign-up link; answers the new invitation. */
export const sendReferral = (body: SendReferralBody) => call(referralEndpoints.sendEmail, { body });

export function useSendReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReferral,
    // The form shows the server's reasons (an account, an open invitation, the daily cap).
    meta: { errorHandling: 'form' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralsQueryKey }),
  });
}

import { referralEndpoints, type SendReferralBody } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { referralsQueryKey } from './get-referrals.ts';

/** E-mails a colleague an invitation with a sign-up link; answers the new invitation. */
export const sendReferral = (body: SendReferralBody) => call(referralEndpoints.sendEmail, { body });

export function useSendReferral() {
  return useChangeMutation({
    mutationFn: sendReferral,
    // The form shows the server's reasons (an account, an open invitation, the daily cap).
    meta: { errorHandling: 'form' },
    stale: [referralsQueryKey],
  });
}

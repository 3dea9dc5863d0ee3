/**
 * The referral program (decision 1010): a therapist or office manager invites a
 * colleague by e-mail with a sign-up link that carries a one-time referral code; the invitation is followed from
 * invited → signed up → approved. An invitation nobody used within REFERRAL_VALID_DAYS has expired.
 */
import { z } from 'zod';
import { emailSchema, nameSchema } from './common.ts';
import { defineEndpoints } from './endpoint.ts';
import { pageQuerySchema, paginated } from './pagination.ts';

/** How long an invitation's link works, and how long it keeps its address from another invitation. */
export const REFERRAL_VALID_DAYS = 30;
/** Invitations one person may send in any 24 hours. */
export const REFERRAL_DAILY_CAP = 10;
/** The web's sign-up page: the only page an invitation's link opens. */
export const REFERRAL_SIGNUP_PATH = '/therapist-signup';

/** What is stored: `expired` is set when the address is invited again after an invitation ran out. */
export const referralStatuses = ['invited', 'expired', 'signed_up', 'approved'] as const;
export type ReferralStatus = (typeof referralStatuses)[number];

/** The sign-up address of the portal, with the referral code and the referrer's clinic code (editable there). */
export function referralSignupUrl(publicUrl: string, referral: string, clinicCode: string): string {
  const link = new URL(REFERRAL_SIGNUP_PATH, publicUrl);
  link.searchParams.set('referral', referral);
  link.searchParams.set('code', clinicCode);
  return link.toString();
}

export const sendReferralBodySchema = z.object({
  email: emailSchema,
  /** The web's sign-up page; the API accepts only one on the portal's own address and builds the link itself. */
  action_url: z.url({ error: 'Send the address of the sign-up page' }).max(2048),
  first_name: nameSchema,
  last_name: nameSchema,
});
export type SendReferralBody = z.infer<typeof sendReferralBodySchema>;

export const referralSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  /** The names the sender gave: the colleague's own account stays private to the clinic they join. */
  first_name: z.string(),
  last_name: z.string(),
  status: z.enum(referralStatuses),
  invited_at: z.string(),
  /** When the link stops working unless the colleague has signed up by then. */
  expires_at: z.string(),
  signed_up_at: z.string().nullable(),
  approved_at: z.string().nullable(),
});
export type Referral = z.infer<typeof referralSchema>;

export const referralListQuerySchema = pageQuerySchema;
export type ReferralListQuery = z.infer<typeof referralListQuerySchema>;
export const referralListSchema = paginated(referralSchema);

export const referralEndpoints = defineEndpoints('referral', {
  /** Invites a colleague by e-mail (decision 1010); answers the new invitation. */
  sendEmail: {
    method: 'POST',
    path: '/clinic/referral/send-email',
    access: 'referral.send',
    audit: { change: 'referral.send' },
    body: sendReferralBodySchema,
    status: 201,
    response: referralSchema,
  },
  /** The caller's own invitations, newest first, paginated. */
  list: {
    method: 'GET',
    path: '/api/v1/clinic/referral/',
    access: 'referral.send',
    audit: { read: 'referral.list' },
    query: referralListQuerySchema,
    status: 200,
    response: referralListSchema,
  },
});

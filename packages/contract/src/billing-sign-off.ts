/**
 * The supervisor's sign-off of a clinic's closed billing month (product decisions §2, decision 1210): who signed,
 * when, and the SHA-256 of the billing file signed. A signed month is frozen: its billing answers the signed figures,
 * and later changes to its inputs are listed as post-sign-off changes for the next month's review.
 */
import { z } from 'zod';
import { billingFileParamsSchema, clinicChoiceSchema } from './billing.ts';
import { billingCodes } from './billing-rules.ts';
import { defineEndpoints } from './endpoint.ts';

/** open: the month has not been closed yet; closed: waiting for the sign-off; signed: frozen. */
export const signOffStates = ['open', 'closed', 'signed'] as const;
export type SignOffState = (typeof signOffStates)[number];

const fileDigestSchema = z.object({ name: z.string(), sha256: z.string() });

/** A month's sign-off state; the signer, time and checksums once it is signed. */
export const billingSignOffSchema = z.object({
  month: z.string(),
  state: z.enum(signOffStates),
  signed_by: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
  signed_at: z.string().nullable(),
  /** The file as it was when signed: its checksum is what the sign-off vouches for. */
  closed_file: fileDigestSchema.nullable(),
  /** The copy the month's download now answers: the closed file with the sign-off sheet added. */
  signed_file: fileDigestSchema.nullable(),
});
export type BillingSignOff = z.infer<typeof billingSignOffSchema>;

/**
 * What the supervisor reviewed before signing: the month's units and expected payment as the screen showed them. The
 * sign-off freezes the figures as they stand when it is made; if they moved since, it is refused and nothing is signed.
 */
export const signOffBodySchema = z.object({
  reviewed: z.object({ units: z.number().int().min(0), expected_payment: z.number().min(0) }),
});
export type SignOffBody = z.infer<typeof signOffBodySchema>;

/** What changed after a month was signed: a call logged back-dated into it or deleted, a rate changed, or figures. */
export const postSignOffChangeKinds = ['call_logged', 'call_deleted', 'rate_changed', 'figures_differ'] as const;
export type PostSignOffChangeKind = (typeof postSignOffChangeKinds)[number];

const patientRefSchema = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });

export const postSignOffChangeSchema = z.object({
  kind: z.enum(postSignOffChangeKinds),
  /** What changed, in words (the call's date, kind and minutes; the code and rates). */
  summary: z.string(),
  /** When and by whom; null where the data do not tell (figures recomputed from data that arrived late). */
  at: z.string().nullable(),
  by: z.string().nullable(),
  /** The patient concerned; null for a clinic-wide change (a rate). */
  patient: patientRefSchema.nullable(),
});
export type PostSignOffChange = z.infer<typeof postSignOffChangeSchema>;

/** One patient's signed and recomputed figures of the month, where they differ. */
export const postSignOffEffectSchema = z.object({
  patient: patientRefSchema,
  minutes: z.object({ signed: z.number().int(), live: z.number().int() }),
  codes: z.array(z.object({ code: z.enum(billingCodes), signed: z.number().int(), live: z.number().int() })),
  expected_payment: z.object({ signed: z.number(), live: z.number() }),
});
export type PostSignOffEffect = z.infer<typeof postSignOffEffectSchema>;

/** A signed month's changes since its sign-off, with the effect on each patient and on the month's payment. */
export const signedMonthChangesSchema = z.object({
  month: z.string(),
  signed_at: z.string(),
  signed_by: z.string(),
  changes: z.array(postSignOffChangeSchema),
  effects: z.array(postSignOffEffectSchema),
  expected_payment: z.object({ signed: z.number(), live: z.number() }),
});
export type SignedMonthChanges = z.infer<typeof signedMonthChangesSchema>;

/** The review of a month: changes to the month before (if signed) and to the month itself (if signed). */
export const postSignOffReviewSchema = z.object({
  month: z.string(),
  signed_months: z.array(signedMonthChangesSchema),
});
export type PostSignOffReview = z.infer<typeof postSignOffReviewSchema>;

export const billingSignOffEndpoints = defineEndpoints('billing', {
  /** The month's sign-off state, for every staff role; no patient named. */
  signOff: {
    method: 'GET',
    path: '/clinic/billing/:month/:year/sign-off',
    access: 'billing.read',
    params: billingFileParamsSchema,
    query: clinicChoiceSchema,
    status: 200,
    response: billingSignOffSchema,
  },
  /**
   * The supervisor signs their clinic's closed month: 409 while it is not closed, once it is signed, or when its
   * figures are no longer those the supervisor reviewed.
   */
  sign: {
    method: 'POST',
    path: '/clinic/billing/:month/:year/sign-off',
    access: 'billing.sign_off',
    audit: { change: 'billing.sign_off' },
    params: billingFileParamsSchema,
    query: clinicChoiceSchema,
    body: signOffBodySchema,
    status: 201,
    response: billingSignOffSchema,
  },
  /** The month's review: what changed in signed months after their sign-off, patients named (audited). */
  postSignOffChanges: {
    method: 'GET',
    path: '/clinic/billing/:month/:year/post-sign-off-changes',
    access: 'billing.read',
    audit: { read: 'billing.post_sign_off_read' },
    params: billingFileParamsSchema,
    query: clinicChoiceSchema,
    status: 200,
    response: postSignOffReviewSchema,
  },
});

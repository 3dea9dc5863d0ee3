/**
 * The supervisor's sign-off of a clinic's closed billing month (decisions 1210, 1285): who
 * signed, when, and the SHA-256 of the billing file signed. A closed month is frozen from its close: its billing
 * answers the filed figures, the sign-off signs them, and later changes to its inputs are listed as post-close
 * corrections for the next month's review.
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
 * sign-off signs the filed figures; if they are not those reviewed (an admin filed the month anew since the page
 * loaded), it is refused and nothing is signed.
 */
export const signOffBodySchema = z.object({
  reviewed: z.object({ units: z.number().int().min(0), expected_payment: z.number().min(0) }),
});
export type SignOffBody = z.infer<typeof signOffBodySchema>;

/**
 * A post-close correction of a closed month (decision 1285): a call logged back-dated into it or deleted from it, a
 * rate changed, or figures that moved without one, after the month was filed. The filed (and signed) figures never
 * move; the corrections are listed for the next month's review.
 */
export const postCloseChangeKinds = ['call_logged', 'call_deleted', 'rate_changed', 'figures_differ'] as const;
export type PostCloseChangeKind = (typeof postCloseChangeKinds)[number];

/** A patient as a billing review names them. */
export const patientRefSchema = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });

export const postCloseChangeSchema = z.object({
  kind: z.enum(postCloseChangeKinds),
  /** What changed, in words (the call's date, kind and minutes; the code and rates). */
  summary: z.string(),
  /** When and by whom; null where the data do not tell (figures recomputed from data that arrived late). */
  at: z.string().nullable(),
  by: z.string().nullable(),
  /** The patient concerned; null for a clinic-wide change (a rate). */
  patient: patientRefSchema.nullable(),
});
export type PostCloseChange = z.infer<typeof postCloseChangeSchema>;

/** One patient's filed and recomputed figures of the month, where they differ. */
export const postCloseEffectSchema = z.object({
  patient: patientRefSchema,
  minutes: z.object({ filed: z.number().int(), live: z.number().int() }),
  codes: z.array(z.object({ code: z.enum(billingCodes), filed: z.number().int(), live: z.number().int() })),
  expected_payment: z.object({ filed: z.number(), live: z.number() }),
});
export type PostCloseEffect = z.infer<typeof postCloseEffectSchema>;

/**
 * A closed month's corrections since it was filed, with the effect on each patient and on the month's payment.
 * `signed_at` and `signed_by` once signed off; the signed figures are the filed ones.
 */
export const closedMonthCorrectionsSchema = z.object({
  month: z.string(),
  state: z.enum(['closed', 'signed']),
  /** When the figures were filed; corrections are the changes made after it. */
  filed_at: z.string(),
  /** What that moment was: the close (or an admin's new file of it), or a sign-off made before decision 1285. */
  filed_by: z.enum(['close', 'sign-off']),
  signed_at: z.string().nullable(),
  signed_by: z.string().nullable(),
  changes: z.array(postCloseChangeSchema),
  effects: z.array(postCloseEffectSchema),
  expected_payment: z.object({ filed: z.number(), live: z.number() }),
});
export type ClosedMonthCorrections = z.infer<typeof closedMonthCorrectionsSchema>;

/** The review of a month: corrections to the month before (if closed) and to the month itself (if closed). */
export const postCloseReviewSchema = z.object({
  month: z.string(),
  closed_months: z.array(closedMonthCorrectionsSchema),
});
export type PostCloseReview = z.infer<typeof postCloseReviewSchema>;

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
  /** The month's review: corrections to closed months after they were filed, patients named (audited). */
  postCloseCorrections: {
    method: 'GET',
    path: '/clinic/billing/:month/:year/post-close-corrections',
    access: 'billing.read',
    audit: { read: 'billing.post_sign_off_read' },
    params: billingFileParamsSchema,
    query: clinicChoiceSchema,
    status: 200,
    response: postCloseReviewSchema,
  },
});

/**
 * A closed billing month as claims (decision 1435): the CSV a clinic's clearinghouse imports, one service line per
 * patient and billed code of the filed figures, and the list of the lines that lack a field a claim needs, which
 * the supervisor reads before signing the month off.
 */
import { z } from 'zod';
import { billingFileParamsSchema, clinicChoiceSchema } from './billing.ts';
import { billingCodes } from './billing-rules.ts';
import { patientRefSchema } from './billing-sign-off.ts';
import { defineEndpoints, fileResponseSchema } from './endpoint.ts';

/** The fields a professional claim needs that a service line of Rehabit's may lack. */
export const claimFields = [
  'patient_name',
  'date_of_birth',
  'member_id',
  'icd10',
  'rendering_npi',
  'billing_npi',
  'tin',
] as const;
export type ClaimField = (typeof claimFields)[number];

/** Of those, the clinic's: every line of the month lacks them at once. */
export const clinicClaimFields = ['billing_npi', 'tin'] as const satisfies readonly ClaimField[];

/** Each field as the CSV's "Missing" column and the sign-off card name it. */
export const claimFieldLabels: Record<ClaimField, string> = {
  patient_name: 'patient name',
  date_of_birth: 'date of birth',
  member_id: 'member ID',
  icd10: 'ICD-10',
  rendering_npi: 'rendering NPI',
  billing_npi: 'billing NPI',
  tin: 'TIN',
};

const claimFieldSchema = z.enum(claimFields);

/** A service line that lacks some of a claim's fields: its patient, code and date, and what it lacks. */
export const claimGapSchema = z.object({
  patient: patientRefSchema,
  code: z.enum(billingCodes),
  date_of_service: z.string(),
  /** The line's own gaps; the clinic's are `clinic_missing`, once for the month. */
  missing: z.array(claimFieldSchema),
});
export type ClaimGap = z.infer<typeof claimGapSchema>;

/** A closed month's claims check: how many lines it has, what the clinic lacks, and the lines that lack more. */
export const claimsCheckSchema = z.object({
  month: z.string(),
  lines: z.number().int(),
  clinic_missing: z.array(claimFieldSchema),
  gaps: z.array(claimGapSchema),
});
export type ClaimsCheck = z.infer<typeof claimsCheckSchema>;

export const billingClaimsEndpoints = defineEndpoints('billing', {
  /**
   * The closed month's claims as a CSV for the clearinghouse, line for line the filed figures the billing file shows;
   * 409 while the month is not closed.
   */
  claimsCsv: {
    method: 'GET',
    path: '/clinic/billing/:month/:year/claims-csv',
    access: 'billing.read',
    audit: { read: 'billing.claims_export' },
    params: billingFileParamsSchema,
    query: clinicChoiceSchema,
    status: 200,
    file: 'csv',
    response: fileResponseSchema,
  },
  /** The closed month's service lines that lack a claim's field, patients named (audited); 409 while not closed. */
  claimsCheck: {
    method: 'GET',
    path: '/clinic/billing/:month/:year/claims-check',
    access: 'billing.read',
    audit: { read: 'billing.claims_check' },
    params: billingFileParamsSchema,
    query: clinicChoiceSchema,
    status: 200,
    response: claimsCheckSchema,
  },
});

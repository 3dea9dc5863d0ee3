import { z } from 'zod';
import { clinicCodeSchema } from './common.ts';
import { defineEndpoints } from './endpoint.ts';

export const clinicSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  timezone: z.string(),
  address: z.string().nullable(),
  npi: z.string().nullable(),
  tin: z.string().nullable(),
  is_restricted: z.boolean(),
  /** Whether the program handout is e-mailed with its PDF attached (decision 1415); a link to sign in otherwise. */
  handout_attachments: z.boolean(),
  /** Whether the clinic has a logo, printed on the program handout (decision 1430). */
  has_logo: z.boolean(),
  supervisor_user_id: z.number().int().nullable(),
});
export type Clinic = z.infer<typeof clinicSchema>;

export const clinicParamsSchema = z.object({ clinicCode: clinicCodeSchema });

export const checkCodeQuerySchema = z.object({ code: clinicCodeSchema });
export const checkCodeResponseSchema = z.object({
  valid: z.boolean(),
  clinic_name: z.string().nullable(),
});
export type CheckCodeResponse = z.infer<typeof checkCodeResponseSchema>;

export const clinicEndpoints = defineEndpoints('clinics', {
  /** The caller's own clinic (any clinic for an admin). */
  detail: {
    method: 'GET',
    path: '/api/v1/clinics/:clinicCode/',
    access: 'clinic.read',
    params: clinicParamsSchema,
    status: 200,
    response: clinicSchema,
  },
  /** Whether a code names a clinic, for the sign-up forms. */
  checkCode: {
    method: 'GET',
    path: '/clinic/check_code',
    access: 'public',
    query: checkCodeQuerySchema,
    status: 200,
    response: checkCodeResponseSchema,
  },
});

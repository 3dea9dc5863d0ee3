import { z } from 'zod';
import { clinicCodeSchema } from './common.ts';

export const clinicPaths = {
  clinic: (code: string) => `/api/v1/clinics/${encodeURIComponent(code)}/`,
  clinicRoute: '/api/v1/clinics/:clinicCode/',
  checkCode: '/clinic/check_code',
} as const;

export const clinicSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  timezone: z.string(),
  address: z.string().nullable(),
  npi: z.string().nullable(),
  tin: z.string().nullable(),
  is_restricted: z.boolean(),
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

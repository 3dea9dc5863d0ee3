import { z } from 'zod';
import { npiSchema } from './billing.ts';
import { clinicParamsSchema, clinicSchema } from './clinics.ts';
import { idSchema } from './common.ts';
import { defineEndpoints } from './endpoint.ts';

/** A clinic's free text: trimmed, and an empty field clears it. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Use at most ${max} characters` })
    .transform((value) => (value === '' ? null : value))
    .nullable();

/** The clinic's Taxpayer Identification Number (an EIN): nine digits, written `12-3456789` or plain. */
export const tinSchema = z
  .string()
  .trim()
  .regex(/^\d{2}-?\d{7}$/, { error: 'A TIN is 9 digits, like 12-3456789' })
  .transform((value) => `${value.replace('-', '').slice(0, 2)}-${value.replace('-', '').slice(2)}`)
  .nullable();

export const clinicNameSchema = z
  .string()
  .trim()
  .min(2, { error: 'Enter the clinic’s name' })
  .max(120, { error: 'Use at most 120 characters' });

/**
 * A change of the clinic's own details: only what is sent changes; `null` (or an empty text) clears a field.
 * The timezone belongs to the billing settings (decision 0802), which change it.
 */
export const clinicDetailsChangeSchema = z
  .object({
    name: clinicNameSchema.optional(),
    address: optionalText(300).optional(),
    npi: npiSchema.optional(),
    tin: tinSchema.optional(),
    /** E-mail the program handout with its PDF attached (decision 1415). */
    handout_attachments: z.boolean().optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    error: 'Send a name, address, NPI, TIN or handout setting to change',
  });
export type ClinicDetailsChange = z.infer<typeof clinicDetailsChangeSchema>;

/** The platform's support account: the staff or admin account every clinic's staff chat with for help. */
export const supportAccountSchema = z.object({
  user: z
    .object({ id: z.number().int(), display_name: z.string(), email: z.string(), clinic_code: z.string() })
    .nullable(),
});
export type SupportAccount = z.infer<typeof supportAccountSchema>;
export const supportAccountChangeSchema = z.object({ user_id: idSchema });

export const clinicSettingsEndpoints = defineEndpoints('clinics', {
  /** Supervisors change their own clinic's details, admins any clinic's; audited with the old and new values. */
  changeDetails: {
    method: 'PATCH',
    path: '/api/v1/clinics/:clinicCode/',
    access: 'clinic.settings',
    audit: { change: 'clinic.update' },
    params: clinicParamsSchema,
    body: clinicDetailsChangeSchema,
    status: 200,
    response: clinicSchema,
  },
  /** Who the platform's support account is. */
  supportAccount: {
    method: 'GET',
    path: '/api/v1/admin/support-account/',
    access: 'platform.clinics',
    status: 200,
    response: supportAccountSchema,
  },
  /** Makes an approved staff or admin account with access the support account; audited with the old and new id. */
  changeSupportAccount: {
    method: 'PUT',
    path: '/api/v1/admin/support-account/',
    access: 'platform.clinics',
    audit: { change: 'settings.support_account' },
    body: supportAccountChangeSchema,
    status: 200,
    response: supportAccountSchema,
  },
});

import { z } from 'zod';
import { npiSchema } from './billing.ts';
import { clinicParamsSchema, clinicSchema } from './clinics.ts';
import { idSchema } from './common.ts';
import { defineEndpoints, fileResponseSchema } from './endpoint.ts';

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

/** The clinic's logo (decision 1430): a PNG or JPEG of at most 200 kB, printed at the top of the program handout. */
export const CLINIC_LOGO_MAX_BYTES = 200 * 1024;
export const clinicLogoTypes = ['image/png', 'image/jpeg'] as const;
export type ClinicLogoType = (typeof clinicLogoTypes)[number];
/** A new logo: its bytes as base64 and the type they are (checked against the bytes themselves by the server). */
export const clinicLogoUploadSchema = z.object({
  image: z
    .string()
    .min(1, { error: 'Choose a PNG or JPEG image' })
    // Larger images than allowed still reach the server, which answers 413 with the size; a huge body does not.
    .max(Math.ceil(CLINIC_LOGO_MAX_BYTES / 3) * 4 * 4, { error: 'The logo is over 200 kB' })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'Send the image as base64' }),
  type: z.enum(clinicLogoTypes, { error: 'The logo must be a PNG or JPEG image' }),
});
export type ClinicLogoUpload = z.infer<typeof clinicLogoUploadSchema>;

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
  /** The clinic's logo, for its staff; 404 when it has none (decision 1430). */
  logo: {
    method: 'GET',
    path: '/api/v1/clinics/:clinicCode/logo/',
    access: 'clinic.read',
    params: clinicParamsSchema,
    status: 200,
    response: fileResponseSchema,
    file: 'image',
  },
  /** Sets the clinic's logo, as its details are changed; audited as `clinic.update` of `logo`, never its bytes. */
  changeLogo: {
    method: 'PUT',
    path: '/api/v1/clinics/:clinicCode/logo/',
    access: 'clinic.settings',
    audit: { change: 'clinic.update' },
    params: clinicParamsSchema,
    body: clinicLogoUploadSchema,
    status: 200,
    response: clinicSchema,
  },
  /** Removes the clinic's logo; audited as its change is (nothing to remove changes nothing). */
  removeLogo: {
    method: 'DELETE',
    path: '/api/v1/clinics/:clinicCode/logo/',
    access: 'clinic.settings',
    audit: { change: 'clinic.update' },
    params: clinicParamsSchema,
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

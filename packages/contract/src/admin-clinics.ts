import { z } from 'zod';
import { timezoneSchema } from './billing.ts';
import { clinicNameSchema } from './clinic-settings.ts';
import { clinicParamsSchema, clinicSchema } from './clinics.ts';
import { clinicCodeSchema, clinicRefSchema, emailSchema, nameSchema, passwordSchema } from './common.ts';
import { defineEndpoints } from './endpoint.ts';
import { pageQuerySchema, paginated } from './pagination.ts';

/** A clinic as the platform admin lists it: its details, its supervisor and how many people it has. */
export const clinicOverviewSchema = clinicSchema.extend({
  supervisor: z.object({ id: z.number().int(), display_name: z.string(), email: z.string() }).nullable(),
  /** Therapists, office managers and the supervisor: every clinic account but patients'. */
  staff_count: z.number().int(),
  /** Patients not removed. */
  patients_count: z.number().int(),
  created_at: z.string(),
});
export type ClinicOverview = z.infer<typeof clinicOverviewSchema>;

export const adminClinicListQuerySchema = z.object({
  ...pageQuerySchema.shape,
  /** Part of the clinic's name or code. */
  search: z.string().trim().max(100).optional(),
});
export type AdminClinicListQuery = z.infer<typeof adminClinicListQuerySchema>;
export const adminClinicListSchema = paginated(clinicOverviewSchema);

/** Every clinic's code and name by name, for the admin's choice of clinic (decision 1150). */
export const clinicChoiceListSchema = paginated(clinicRefSchema);

/**
 * A new clinic with its supervisor (decision 0003: one per clinic, who signs in with the clinic code and this
 * password). Without a code the platform makes one of six letters and digits (decision 0004).
 */
export const createClinicBodySchema = z.object({
  name: clinicNameSchema,
  code: z.optional(clinicCodeSchema),
  timezone: timezoneSchema.default('America/New_York'),
  supervisor: z.object({
    first_name: nameSchema,
    last_name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
  }),
});
export type CreateClinicBody = z.infer<typeof createClinicBodySchema>;

export const adminClinicsEndpoints = defineEndpoints('admin', {
  /** Every clinic, by name, with its counts; searchable by name or code. */
  list: {
    method: 'GET',
    path: '/api/v1/admin/clinics/',
    access: 'platform.clinics',
    query: adminClinicListQuerySchema,
    status: 200,
    response: adminClinicListSchema,
  },
  /** Every clinic's code and name, by name: what the admin's clinic picker offers, without the list's counts. */
  choices: {
    method: 'GET',
    path: '/api/v1/admin/clinic-choices/',
    access: 'platform.clinics',
    query: pageQuerySchema,
    status: 200,
    response: clinicChoiceListSchema,
  },
  /** Creates a clinic and its supervisor account together. */
  create: {
    method: 'POST',
    path: '/api/v1/admin/clinics/',
    access: 'platform.clinics',
    audit: { change: 'clinic.create' },
    body: createClinicBodySchema,
    status: 201,
    response: clinicOverviewSchema,
  },
  /** One clinic with its counts, for the admin's read-only view. */
  detail: {
    method: 'GET',
    path: '/api/v1/admin/clinics/:clinicCode/',
    access: 'platform.clinics',
    audit: { read: 'clinic.read' },
    params: clinicParamsSchema,
    status: 200,
    response: clinicOverviewSchema,
  },
});

import { z } from 'zod';
import { staffMemberSchema } from './auth.ts';
import { clinicCodeSchema, emailSchema, idSchema, nameSchema, passwordSchema } from './common.ts';
import { paginated } from './pagination.ts';
import { approvalStatusSchema } from './roles.ts';

export const supervisorPaths = {
  signin: '/clinic/supervisor/signin',
  profile: '/clinic/supervisor',
  approval: '/clinic/supervisor/approval',
  hasAccess: '/admin/clinic/therapist/has_access',
  updateSupervisor: '/admin/clinic/update/supervisor',
} as const;

export const supervisorSigninBodySchema = z.object({
  code: clinicCodeSchema,
  password: z.string().min(1, { error: 'Enter the supervisor password' }).max(1024),
});
export type SupervisorSigninBody = z.infer<typeof supervisorSigninBodySchema>;

export const supervisorProfileBodySchema = z
  .object({
    first_name: nameSchema.optional(),
    last_name: nameSchema.optional(),
    supervisor_email: emailSchema.optional(),
    new_password: passwordSchema.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    error: 'Send at least one field to change',
  });
export type SupervisorProfileBody = z.infer<typeof supervisorProfileBodySchema>;

export const approvalQuerySchema = z.object({
  status: approvalStatusSchema.optional(),
  clinic_code: clinicCodeSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
export type ApprovalQuery = z.infer<typeof approvalQuerySchema>;
export const approvalListSchema = paginated(staffMemberSchema);

export const approvalBodySchema = z.object({
  user_id: idSchema,
  status: approvalStatusSchema,
});
export type ApprovalBody = z.infer<typeof approvalBodySchema>;

export const hasAccessBodySchema = z.object({
  therapists: z.array(idSchema).min(1, { error: 'Choose at least one staff member' }).max(100),
  has_access: z.boolean(),
});
export type HasAccessBody = z.infer<typeof hasAccessBodySchema>;

export const updateSupervisorBodySchema = z.object({ user_id: idSchema });
export type UpdateSupervisorBody = z.infer<typeof updateSupervisorBodySchema>;

export const staffListEnvelopeSchema = z.object({ results: z.array(staffMemberSchema) });

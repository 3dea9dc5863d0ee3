import { z } from 'zod';
import { staffMemberSchema, tokenResponseSchema, userEnvelopeSchema } from './auth.ts';
import { clinicCodeSchema, emailSchema, idSchema, nameSchema, passwordSchema } from './common.ts';
import { defineEndpoints } from './endpoint.ts';
import { paginated } from './pagination.ts';
import { approvalStatusSchema } from './roles.ts';

export const supervisorSigninBodySchema = z.object({
  code: clinicCodeSchema,
  password: z.string().min(1, { error: 'Enter the supervisor password' }).max(1024),
});
export type SupervisorSigninBody = z.infer<typeof supervisorSigninBodySchema>;

export const supervisorProfileBodySchema = z
  .object({
    first_name: z.optional(nameSchema),
    last_name: z.optional(nameSchema),
    supervisor_email: z.optional(emailSchema),
    new_password: z.optional(passwordSchema),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    error: 'Send at least one field to change',
  });
export type SupervisorProfileBody = z.infer<typeof supervisorProfileBodySchema>;

export const approvalQuerySchema = z.object({
  status: z.optional(approvalStatusSchema),
  clinic_code: z.optional(clinicCodeSchema),
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
export const updateSupervisorResponseSchema = z.object({ user: staffMemberSchema });

export const staffListEnvelopeSchema = z.object({ results: z.array(staffMemberSchema) });

export const supervisorEndpoints = {
  ...defineEndpoints('supervisor', {
    /** Supervisor sign-in with the clinic code and the supervisor password; answers a session token. */
    signin: {
      method: 'POST',
      path: '/clinic/supervisor/signin',
      access: 'public',
      body: supervisorSigninBodySchema,
      status: 200,
      response: tokenResponseSchema,
    },
    /** Changes the supervisor's own name, e-mail or password; a new password ends the other sessions. */
    updateProfile: {
      method: 'PATCH',
      path: '/clinic/supervisor',
      access: 'supervisor.profile',
      body: supervisorProfileBodySchema,
      status: 200,
      response: userEnvelopeSchema,
    },
    /** Staff sign-ups by approval status, for the caller's clinic (any clinic for an admin). */
    approvals: {
      method: 'GET',
      path: '/clinic/supervisor/approval',
      access: 'staff.manage',
      query: approvalQuerySchema,
      status: 200,
      response: approvalListSchema,
    },
    /** Approves or rejects a staff member; anything but approved ends their sessions. */
    setApproval: {
      method: 'PATCH',
      path: '/clinic/supervisor/approval',
      access: 'staff.manage',
      body: approvalBodySchema,
      status: 200,
      response: staffMemberSchema,
    },
  }),
  // These two have always been documented with the admin's endpoints.
  ...defineEndpoints('admin', {
    /** Gives or takes away staff members' access; taking it away ends their sessions. */
    setAccess: {
      method: 'PATCH',
      path: '/admin/clinic/therapist/has_access',
      access: 'staff.manage',
      body: hasAccessBodySchema,
      status: 200,
      response: staffListEnvelopeSchema,
    },
    /** Hands the clinic's supervisor role to a staff member; both people's sessions end. */
    assignSupervisor: {
      method: 'PATCH',
      path: '/admin/clinic/update/supervisor',
      access: 'staff.manage',
      body: updateSupervisorBodySchema,
      status: 200,
      response: updateSupervisorResponseSchema,
    },
  }),
};

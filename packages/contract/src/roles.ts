import { z } from 'zod/mini';

export const roles = ['admin', 'therapist', 'patient', 'supervisor', 'manager'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** The only roles a staff member can be given (sign-up, approval screens). */
export const staffRoles = ['therapist', 'manager'] as const;
export const staffRoleSchema = z.enum(staffRoles);
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const roleLabels: Record<Role, string> = {
  admin: 'Admin',
  therapist: 'Staff Therapist',
  patient: 'Patient',
  supervisor: 'Supervisor',
  manager: 'Office Manager',
};

export const approvalStatuses = ['pending', 'approved', 'rejected'] as const;
export const approvalStatusSchema = z.enum(approvalStatuses);
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>;

/** Seed §9: the clinic whose users are restricted demo accounts. */
export const DEFAULT_RESTRICTED_CLINIC_CODE = 'X5218';

export const isRestrictedUser = (user: { code: string }, restrictedCode = DEFAULT_RESTRICTED_CLINIC_CODE) =>
  user.code === restrictedCode;
export const isOfficeManager = (user: { role: Role }) => user.role === 'manager';

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

// What kind of account a role is: a patient's, who signs in to the patient app, or a member of staff, of a clinic
// or of the platform. What a role may do is the permission table's (`can`), never a comparison with a role's name.

/** A patient's account: the patient app and its own sign-in, never a staff screen. */
export const isPatientRole = (role: Role) => role === 'patient';
/** A staff member's account, the platform's admins included: the staff sign-in and screens. */
export const isStaffRole = (role: Role) => !isPatientRole(role);

/** What a list of colleagues adds after a name: the role, except a therapist's, which goes without saying there. */
const roleNotes: Partial<Record<Role, string>> = { manager: 'Office manager', supervisor: 'Supervisor' };

/** A colleague as a picker lists them: "Ann Lee (Supervisor)", "Bo Chan" for a therapist. */
export const nameWithRole = (name: string, role: Role) => {
  const note = roleNotes[role];
  return note ? `${name} (${note})` : name;
};

export const approvalStatuses = ['pending', 'approved', 'rejected'] as const;
export const approvalStatusSchema = z.enum(approvalStatuses);
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>;

/** The clinic whose users are restricted demo accounts (decision 0004). */
export const DEFAULT_RESTRICTED_CLINIC_CODE = 'X5218';

export const isRestrictedUser = (user: { code: string }, restrictedCode = DEFAULT_RESTRICTED_CLINIC_CODE) =>
  user.code === restrictedCode;
export const isOfficeManager = (user: { role: Role }) => user.role === 'manager';

import { z } from 'zod/mini';
import { clinicCodeSchema, detailSchema, emailSchema, idSchema, nameSchema, passwordSchema } from './common.ts';
import { defineEndpoints } from './endpoint.ts';
import { pageQuerySchema, paginated } from './pagination.ts';
import { roleSchema, staffRoleSchema } from './roles.ts';

/** The signed-in user as `GET /api/v1/users/` returns it in `results[0]`. */
export const currentUserSchema = z.object({
  id: z.int(),
  code: z.string(),
  role: roleSchema,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  display_name: z.string(),
  clinic_name: z.string(),
  is_feature_notification_on: z.boolean(),
  is_new_billing_uploaded: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const currentUserListSchema = paginated(currentUserSchema);
export const userEnvelopeSchema = z.object({ user: currentUserSchema });

export const signinBodySchema = z.object({
  email: emailSchema,
  password: z.string().check(z.minLength(1, { error: 'Enter your password' }), z.maxLength(1024)),
});
export type SigninBody = z.infer<typeof signinBodySchema>;
export const tokenResponseSchema = z.object({ token: z.string() });

export const signupBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  first_name: nameSchema,
  last_name: nameSchema,
  role: staffRoleSchema,
  code: clinicCodeSchema,
  /** The referral code of an invitation's link (decision 1010), when the colleague came from one. */
  referral: z.optional(z.string().check(z.trim(), z.maxLength(128))),
});
export type SignupBody = z.infer<typeof signupBodySchema>;
export const signupResponseSchema = z.object({
  detail: z.string(),
  status: z.literal('pending'),
});

export const resetPasswordBodySchema = z.object({ email: emailSchema });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const resetPasswordConfirmBodySchema = z.object({
  uid: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  token: z.string().check(z.trim(), z.minLength(1), z.maxLength(256)),
  password: passwordSchema,
});
export type ResetPasswordConfirmBody = z.infer<typeof resetPasswordConfirmBodySchema>;

export const settingsInfoSchema = z.object({
  support_user_id: z.nullable(z.int()),
  initial_note: z.nullable(z.string()),
});
export type SettingsInfo = z.infer<typeof settingsInfoSchema>;

/** A staff member as lists of the clinic's staff show them. */
export const staffMemberSchema = z.object({
  id: z.int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  display_name: z.string(),
  role: roleSchema,
  code: z.string(),
  /** The name of the clinic `code` names, for the admin's list of every clinic (decision 1150). */
  clinic_name: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  has_access: z.boolean(),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

const queryFlag = z.pipe(
  z.enum(['true', 'false']),
  z.transform((v) => v === 'true'),
);

export const therapistListQuerySchema = z.object({
  /** One clinic's staff: an admin's choice of clinic; anyone else may name only their own (decision 1150). */
  clinic_code: z.optional(clinicCodeSchema),
  search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  role: z.optional(z.enum(['therapist', 'manager', 'supervisor'])),
  has_access: z.optional(queryFlag),
  ...pageQuerySchema.shape,
});
export type TherapistListQuery = z.infer<typeof therapistListQuerySchema>;
/** The staff list's query as a caller writes it (flags as `'true'`/`'false'`, as they travel in the URL). */
export type TherapistListQueryInput = z.input<typeof therapistListQuerySchema>;
export const therapistListSchema = paginated(staffMemberSchema);

export const userIdSchema = idSchema;

export const authEndpoints = defineEndpoints('auth', {
  /** Staff sign-in with e-mail and password; answers a session token. */
  signin: {
    method: 'POST',
    path: '/clinic/therapist/signin',
    access: 'public',
    body: signinBodySchema,
    status: 200,
    response: tokenResponseSchema,
  },
  /** A staff member asks for an account at a clinic; it waits for approval. */
  signup: {
    method: 'POST',
    path: '/clinic/therapist/signup',
    access: 'public',
    body: signupBodySchema,
    status: 201,
    response: signupResponseSchema,
  },
  /** Ends the caller's session (and its sockets). */
  logout: {
    method: 'POST',
    path: '/clinic/therapist/logout',
    access: 'signed-in',
    status: 204,
    response: z.null(),
  },
  /** Sends a password-reset link; answers the same whether or not the address has an account. */
  resetPassword: {
    method: 'POST',
    path: '/clinic/therapist/reset-password',
    access: 'public',
    body: resetPasswordBodySchema,
    status: 202,
    response: detailSchema,
  },
  /** Sets a new password from a reset link; every session of the account ends. */
  resetPasswordConfirm: {
    method: 'POST',
    path: '/clinic/therapist/reset-password-confirm',
    access: 'public',
    body: resetPasswordConfirmBodySchema,
    status: 200,
    response: userEnvelopeSchema,
  },
  /** The signed-in user, as the first and only result of a page. */
  currentUser: {
    method: 'GET',
    path: '/api/v1/users/',
    access: 'signed-in',
    status: 200,
    response: currentUserListSchema,
  },
  /** Turns off the feature notices for the caller; answers the updated user. */
  cancelFeatureNotification: {
    method: 'PATCH',
    path: '/user/therapist/cancel-feature-notification',
    access: 'signed-in',
    status: 200,
    response: userEnvelopeSchema,
  },
  /** Turns off the new-billing notice for the caller; answers the updated user. */
  cancelBillingNotification: {
    method: 'PATCH',
    path: '/user/therapist/cancel-billing-notification',
    access: 'signed-in',
    status: 200,
    response: userEnvelopeSchema,
  },
  /** The support contact and the initial note shown after sign-in. */
  settingsInfo: {
    method: 'GET',
    path: '/user/settings-info',
    access: 'signed-in',
    status: 200,
    response: settingsInfoSchema,
  },
  /** The clinic's approved staff, searchable and paged. */
  staffList: {
    method: 'GET',
    path: '/clinic/therapist',
    access: 'staff.read',
    query: therapistListQuerySchema,
    status: 200,
    response: therapistListSchema,
  },
});

import { z } from 'zod';
import { type AuditAction, auditActions } from './audit.ts';
import { clinicCodeSchema, idSchema } from './common.ts';
import { defineEndpoints, fileResponseSchema } from './endpoint.ts';
import { pageQuerySchema, paginated } from './pagination.ts';
import { isoDateSchema } from './patients.ts';

/** The most rows one CSV export holds; a filter matching more is refused with a request to narrow it. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

/**
 * What the audit log is filtered by. Dates are calendar days on the clinic's clocks (UTC when an admin reads every
 * clinic), both ends included.
 */
const auditFilterFields = {
  /** Admins choose a clinic, or read every clinic without one; supervisors read their own. */
  clinic_code: z.optional(clinicCodeSchema),
  patient_id: z.optional(idSchema),
  /** Who did it. */
  user_id: z.optional(idSchema),
  action: z.enum(auditActions, { error: 'Choose an action from the list' }).optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
};
const datesInOrder = (filter: { from?: string; to?: string }) => !filter.from || !filter.to || filter.from <= filter.to;
const datesInOrderError = { error: 'The start date comes after the end date', path: ['to'] };

export const auditFilterSchema = z.object(auditFilterFields).refine(datesInOrder, datesInOrderError);
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditLogQuerySchema = z
  .object({ ...pageQuerySchema.shape, ...auditFilterFields })
  .refine(datesInOrder, datesInOrderError);
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditOutcomes = ['success', 'failure', 'denied'] as const;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  outcome: z.enum(auditOutcomes),
  /** Who did it, when a person did (rules and jobs act with no one). */
  actor: z.object({ id: z.number().int(), display_name: z.string(), role: z.string() }).nullable(),
  clinic_code: z.string().nullable(),
  patient_id: z.number().int().nullable(),
  ip: z.string().nullable(),
  /** What the action was about: for a change, each changed value's old and new value. */
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogSchema = paginated(auditEntrySchema);

/** Actions as the viewer offers them, by subject. */
export const auditActionOptions: readonly AuditAction[] = [...auditActions].sort();

export const auditLogEndpoints = defineEndpoints('admin', {
  /** The audit log, newest first: a supervisor's own clinic, any clinic (or all) for an admin. */
  list: {
    method: 'GET',
    path: '/api/v1/admin/audit/',
    access: 'audit.read',
    audit: { read: 'audit.list' },
    query: auditLogQuerySchema,
    status: 200,
    response: auditLogSchema,
  },
  /** The same filter's rows as a CSV file, newest first, up to AUDIT_EXPORT_MAX_ROWS. */
  export: {
    method: 'GET',
    path: '/api/v1/admin/audit/export/',
    access: 'audit.read',
    audit: { read: 'audit.export' },
    query: auditFilterSchema,
    status: 200,
    response: fileResponseSchema,
    file: 'csv',
  },
});

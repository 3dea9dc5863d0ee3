import {
  AUDIT_EXPORT_MAX_ROWS,
  type AuditEntry,
  type AuditFilter,
  type AuditLogQuery,
  can,
  type FileAnswer,
  toPage,
} from '@rehabit/contract';
import type { RequestContext } from '../../http/request-context.ts';
import type { AuditLog } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { fieldError } from '../../lib/errors.ts';
import { spreadsheetCsv } from '../../lib/spreadsheet-csv.ts';
import { displayName } from '../auth/users.repository.ts';
import { chosenClinic } from '../clinics/chosen-clinic.ts';
import type { Caller } from '../data-access.ts';
import type { AuditLogFilter, AuditLogRow } from './audit-log.repository.ts';

type Deps = { clock: Clock; audit: AuditLog };

const toEntry = (row: AuditLogRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  action: row.action,
  outcome: row.outcome,
  actor:
    row.actorUserId === null
      ? null
      : {
          id: row.actorUserId,
          display_name:
            displayName({ firstName: row.actorFirstName ?? '', lastName: row.actorLastName ?? '' }) ||
            `User ${row.actorUserId}`,
          role: row.actorRole ?? 'unknown',
        },
  clinic_code: row.clinicCode,
  patient_id: row.patientId,
  ip: row.ip,
  detail: row.detail,
});

const csvHeader = [
  'Time (UTC)',
  'Clinic',
  'Action',
  'Outcome',
  'User id',
  'User',
  'Role',
  'Patient id',
  'IP',
  'Detail',
];
const csvRow = (entry: AuditEntry) => [
  entry.at,
  entry.clinic_code ?? '',
  entry.action,
  entry.outcome,
  entry.actor?.id ?? '',
  entry.actor?.display_name ?? '',
  entry.actor?.role ?? '',
  entry.patient_id ?? '',
  entry.ip ?? '',
  entry.detail ? JSON.stringify(entry.detail) : '',
];

/** The patients rows of the log name: the row's own, and those a row of a list read names in its detail. */
function patientIdsNamedBy(rows: readonly AuditLogRow[]): number[] {
  const ids = new Set<number>();
  for (const row of rows) {
    if (row.patientId !== null) ids.add(row.patientId);
    const listed = row.detail?.patient_ids;
    if (Array.isArray(listed)) for (const id of listed) if (Number.isInteger(id)) ids.add(id);
  }
  return [...ids];
}

/** The filter as the audit row of reading the log records it: only what was set. */
const filterDetail = (filter: AuditFilter) =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));

/**
 * Reading the audit log (decision 1022): a supervisor reads their own clinic's rows, an admin any clinic's or every
 * clinic's. Ids of a clinic, patient or user the caller cannot see are not found. Every read is itself audited.
 */
export function createAuditLogService({ clock, audit }: Deps) {
  /**
   * The filter in the caller's reach, the clinic its reading is filed under, and the patient filtered on. The log is
   * read in the reach (decision 1340): the chosen clinic's rows, or every clinic's for an admin who chose none.
   */
  async function resolve(actor: Caller, filter: AuditFilter) {
    const code = filter.clinic_code ?? (can(actor.role, 'clinics.all') ? undefined : actor.clinicCode);
    const { clinic, scope: reach, filedUnder } = await chosenClinic(actor, code);
    const repo = actor.data.within(reach).auditLog;
    const filtered = filter.patient_id === undefined ? [] : await repo.patientsIn([filter.patient_id]);
    // Still 404, naming the filter's field, so a screen can say that no entry matches rather than that it failed.
    if (filter.patient_id !== undefined && filtered.length === 0) {
      throw fieldError('patient_id', 'No such patient', 'not_found');
    }
    // Admins act in every clinic, so any account may be asked for in an admin's reading; a supervisor asks for
    // accounts of their own clinic.
    if (filter.user_id !== undefined && !(await actor.data.auditLog.hasUser(filter.user_id))) {
      throw fieldError('user_id', 'No such user', 'not_found');
    }
    const where: AuditLogFilter = {
      patientId: filter.patient_id,
      userId: filter.user_id,
      action: filter.action,
      from: filter.from,
      to: filter.to,
      timezone: clinic?.timezone ?? 'UTC',
    };
    return { where, repo, clinicId: filedUnder, filtered };
  }

  /**
   * Records a reading of the log. It names the patient filtered on and every patient of the rows shown (their
   * patient and the patients a row lists), so it is filed under each of their clinics (decision 1220): a clinic's
   * log tells who read about its patients, even in an admin's reading of every clinic.
   */
  async function recordRead(
    actor: Caller,
    action: 'audit.list' | 'audit.export',
    read: Awaited<ReturnType<typeof resolve>> & { rows: AuditLogRow[] },
    filter: AuditFilter,
    ctx: RequestContext,
    extra: Record<string, unknown>,
  ) {
    const shown = await read.repo.patientsIn(patientIdsNamedBy(read.rows));
    await audit.record({
      action,
      outcome: 'success',
      actorUserId: actor.id,
      clinicId: read.clinicId,
      patientId: filter.patient_id ?? null,
      ip: ctx.ip,
      detail: { filter: filterDetail(filter), ...extra },
      namedPatients: [...read.filtered, ...shown],
    });
  }

  return {
    async list(actor: Caller, query: AuditLogQuery, ctx: RequestContext) {
      const { page, page_size, ...filter } = query;
      const read = await resolve(actor, filter);
      const [rows, count] = await Promise.all([
        read.repo.page(read.where, { page, pageSize: page_size }),
        read.repo.count(read.where),
      ]);
      await recordRead(actor, 'audit.list', { ...read, rows }, filter, ctx, { page, rows: rows.length });
      return toPage(rows.map(toEntry), count, query);
    },

    /**
     * The filter's rows as CSV, newest first. A filter matching more than AUDIT_EXPORT_MAX_ROWS is refused (400)
     * rather than cut short, so an export is always the whole answer to its filter.
     */
    async export(actor: Caller, filter: AuditFilter, ctx: RequestContext): Promise<FileAnswer> {
      const read = await resolve(actor, filter);
      const rows = await read.repo.newest(read.where, AUDIT_EXPORT_MAX_ROWS + 1);
      if (rows.length > AUDIT_EXPORT_MAX_ROWS) {
        throw fieldError(
          'to',
          `More than ${AUDIT_EXPORT_MAX_ROWS.toLocaleString('en-US')} rows match; narrow the dates or the filter`,
        );
      }
      await recordRead(actor, 'audit.export', { ...read, rows }, filter, ctx, { rows: rows.length });
      const content = spreadsheetCsv([csvHeader, ...rows.map((row) => csvRow(toEntry(row)))]);
      const day = clock.now().toISOString().slice(0, 10);
      return {
        filename: `audit-${filter.clinic_code ?? (can(actor.role, 'clinics.all') ? 'all' : actor.clinicCode)}-${day}.csv`,
        content,
      };
    },
  };
}
export type AuditLogService = ReturnType<typeof createAuditLogService>;

import { type FileAnswer, type MonitoringMonth, type MonitoringReadQuery, toPage } from '@rehabit/contract';
import { clinicScope } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, actorAudit, patientAudit } from '../../lib/audit.ts';
import { clinicMonthOf } from '../../lib/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { filedMonthOf } from '../billing/filed-month.ts';
import type { Caller } from '../data-access.ts';
import { requirePatient } from '../patients/patient-access.ts';
import { createMonthlyMinutes } from './monthly-minutes.ts';
import { inTimeOrder, monthCsv, toMonitoringEntry } from './monthly-report.ts';

type Deps = { clock: Clock; audit: AuditLog };

/** Reading a month's minutes with the rows behind them, and exporting them as the audit CSV (decision 0702). */
export function createMonthlyReportService({ clock, audit }: Deps) {
  const { success: record } = patientAudit(audit);
  const recordForClinic = actorAudit(audit);
  /** A clinic's monitoring rows: the caller's own, or the clinic of a patient found in the caller's scope. */
  const repoOf = (actor: Caller, clinicId: number) => actor.data.within(clinicScope(clinicId)).monitoring;

  /** The month asked for, or the clinic's current one. */
  const monthOr = (month: string | undefined, timezone: string) => month ?? clinicMonthOf(clock.now(), timezone);

  async function patientName(actor: Caller, clinicId: number, patientId: number) {
    const [found] = await repoOf(actor, clinicId).patientNames([patientId]);
    return found?.name ?? '';
  }

  return {
    /**
     * One patient's month: its minutes and a page of the sessions and calls behind them, newest first, and for a
     * closed month the minutes its billing file holds.
     */
    async monthOfPatient(
      actor: Caller,
      patientId: number,
      query: MonitoringReadQuery,
      ctx: RequestContext,
    ): Promise<MonitoringMonth> {
      const patient = await requirePatient(audit, actor, patientId, 'monitoring.read', ctx);
      const month = monthOr(query.month, patient.timezone);
      const [entries, filed] = await Promise.all([
        createMonthlyMinutes(actor.data).entriesOfPatient({ clinicId: patient.clinicId, patientId: patient.id, month }),
        filedMonthOf(actor.data, patient.clinicId, month),
      ]);
      const all = inTimeOrder(entries).reverse();
      const start = (query.page - 1) * query.page_size;
      const page = all.slice(start, start + query.page_size).map(toMonitoringEntry);
      await record(actor, 'monitoring.read', patient, ctx, { month, page: query.page });
      return {
        ...toPage(page, all.length, query),
        month,
        timezone: patient.timezone,
        monitored_seconds: entries.minutes.monitoredSeconds,
        call_minutes: entries.minutes.callMinutes,
        total_minutes: entries.minutes.totalMinutes,
        has_live_call: entries.minutes.hasLiveCall,
        // The month's minutes live, with the billing file's beside them once it is closed (decision 1285).
        filed: filed && {
          at: filed.since.toISOString(),
          minutes: filed.figures.patients.find((row) => row.patient.id === patient.id)?.minutes ?? null,
        },
      };
    },

    /** The audit CSV of one patient's month. */
    async exportPatient(
      actor: Caller,
      patientId: number,
      query: { month?: string },
      ctx: RequestContext,
    ): Promise<FileAnswer> {
      const patient = await requirePatient(audit, actor, patientId, 'monitoring.export', ctx);
      const month = monthOr(query.month, patient.timezone);
      const entries = await createMonthlyMinutes(actor.data).entriesOfPatient({
        clinicId: patient.clinicId,
        patientId: patient.id,
        month,
      });
      const content = monthCsv([
        { patient: { id: patient.id, name: await patientName(actor, patient.clinicId, patient.id) }, month: entries },
      ]);
      await record(actor, 'monitoring.export', patient, ctx, {
        month,
        sessions: entries.sessions.length,
        calls: entries.calls.length,
        total_minutes: entries.minutes.totalMinutes,
      });
      return { filename: `monitoring-patient-${patient.id}-${month}.csv`, content };
    },

    /** The audit CSV of the caller's clinic's month: every patient with a session or a live call, by name. */
    async exportClinic(actor: Caller, query: { month?: string }, ctx: RequestContext): Promise<FileAnswer> {
      const repo = repoOf(actor, actor.clinicId);
      const timezone = await repo.clinicTimezone();
      if (!timezone) throw notFound('clinic');
      const month = monthOr(query.month, timezone);
      const patients = await createMonthlyMinutes(actor.data).entriesOfClinic({ clinicId: actor.clinicId, month });
      const names = new Map((await repo.patientNames(patients.map((p) => p.patientId))).map((p) => [p.id, p.name]));
      const named = patients
        .map((entries) => ({
          patient: { id: entries.patientId, name: names.get(entries.patientId) ?? '' },
          month: entries,
        }))
        .sort((x, y) => x.patient.name.localeCompare(y.patient.name) || x.patient.id - y.patient.id);
      const content = monthCsv(named);
      await recordForClinic(actor, 'monitoring.export', ctx, {
        month,
        patient_ids: named.map((p) => p.patient.id),
      });
      // Each patient's record also shows the export, so "who saw this patient" finds it (written in one insert).
      await Promise.all(
        named.map(({ patient }) =>
          record(actor, 'monitoring.export', { id: patient.id, clinicId: actor.clinicId }, ctx, {
            month,
            scope: 'clinic',
          }),
        ),
      );
      return { filename: `monitoring-${actor.clinicCode}-${month}.csv`, content };
    },
  };
}

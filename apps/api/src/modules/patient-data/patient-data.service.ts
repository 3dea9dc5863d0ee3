import type { FunctionalDataPatchBody, FunctionalDataPostBody, Progress, ProgressTrend } from '@rehabit/contract';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, noteAudited, patientAudit } from '../../lib/audit.ts';
import { addDays, localDateOf, weekDays, weekStartOf } from '../../lib/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Caller } from '../data-access.ts';
import { findOwnPatient, patientScope, requirePatient } from '../patients/patient-access.ts';
import { createFunctionalDataService } from './functional-data.service.ts';
import type { WeekReader } from './progress.repository.ts';
import { buildProgress } from './progress.ts';
import { buildTrend, trendWeekStarts } from './progress-trend.ts';

type Deps = { clock: Clock; audit: AuditLog };
/** A patient the caller has reached, with their clinic and its timezone. */
type Patient = { id: number; clinicId: number; timezone: string };
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Patient data (decisions 0400 and 1140): the progress week (staff and the patient's own), its trend and functional
 * data (staff).
 */
export function createPatientDataService({ clock, audit }: Deps) {
  const functional = createFunctionalDataService({ clock, audit });

  /** The caller's data access in the patient's clinic, where the patient's records are read. */
  const inClinicOf = (actor: Caller, patient: Patient) => actor.data.within(patientScope(patient));

  /** Everything the progress weeks from `from` to `to` (YYYY-MM-DD, whole weeks) are built from. */
  /** `reader`: the read's audit row, written by the statement that reads the weeks (decision 1470). */
  async function dataOf(actor: Caller, patient: Patient, from: string, to: string, reader?: WeekReader) {
    // A day either side of the weeks in UTC covers their instants in any timezone.
    const fromInstant = new Date(Date.parse(`${from}T00:00:00Z`) - DAY_MS);
    const untilInstant = new Date(Date.parse(`${addDays(to, 1)}T00:00:00Z`) + DAY_MS);
    return inClinicOf(actor, patient).progress.weekData(patient.id, from, to, fromInstant, untilInstant, reader);
  }

  /** The week's progress, its `progress.read` audit row written by the statement that reads the week. */
  async function progressOf(actor: Caller, patient: Patient, weeksAgo: number, ctx: RequestContext): Promise<Progress> {
    const today = localDateOf(clock.now(), patient.timezone);
    const days = weekDays(weekStartOf(today, weeksAgo));
    const reader = {
      action: 'progress.read' as const,
      actorUserId: actor.id,
      ip: ctx.ip,
      detail: { weeks_ago: weeksAgo },
    };
    const [data, streak] = await Promise.all([
      dataOf(actor, patient, days[0]!, days[6]!, reader),
      inClinicOf(actor, patient).exerciseLogs.streak(patient.id, today),
    ]);
    // The patient was found just now: the statement finds them too, unless removed since, which the log still shows.
    if (data.audited) noteAudited(reader.action);
    else await recordRead(actor, patient, ctx, weeksAgo);
    return buildProgress({ patientId: patient.id, weeksAgo, timezone: patient.timezone, today, days, data, streak });
  }

  /** The weeks of the latest episode (or, before one, since registration) up to its end or today. */
  async function trendOf(actor: Caller, patient: Patient): Promise<ProgressTrend> {
    const today = localDateOf(clock.now(), patient.timezone);
    const span = (await inClinicOf(actor, patient).progress.historySpan(patient.id))!;
    const local = (at: Date) => localDateOf(at, patient.timezone);
    const episode = span.episode && {
      started: local(span.episode.startedAt),
      ended: span.episode.endedAt && local(span.episode.endedAt),
    };
    const registered = local(span.registeredAt);
    const ends = episode?.ended && episode.ended < today ? episode.ended : today;
    const weekStarts = trendWeekStarts(episode?.started ?? registered, ends);
    const data = await dataOf(actor, patient, weekStarts[0]!, addDays(weekStarts.at(-1)!, 6));
    return buildTrend({
      patientId: patient.id,
      timezone: patient.timezone,
      today,
      episode,
      registered,
      weekStarts,
      data,
    });
  }

  const { success: record } = patientAudit(audit);
  const recordRead = (
    actor: Caller,
    patient: { id: number; clinicId: number },
    ctx: RequestContext,
    weeksAgo: number,
  ) => record(actor, 'progress.read', patient, ctx, { weeks_ago: weeksAgo });

  return {
    async progress(actor: Caller, patientId: number, weeksAgo: number, ctx: RequestContext) {
      const patient = await requirePatient(audit, actor, patientId, 'progress.read', ctx);
      return progressOf(actor, patient, weeksAgo, ctx);
    },
    async progressTrend(actor: Caller, patientId: number, ctx: RequestContext) {
      const patient = await requirePatient(audit, actor, patientId, 'progress_trend.read', ctx);
      const trend = await trendOf(actor, patient);
      await record(actor, 'progress_trend.read', patient, ctx, {
        from: trend.weeks[0]!.week_start,
        to: trend.weeks.at(-1)!.week_end,
      });
      return trend;
    },
    async ownProgress(actor: Caller, weeksAgo: number, ctx: RequestContext) {
      const own = await findOwnPatient(actor);
      return progressOf(actor, own, weeksAgo, ctx);
    },
    functionalData: (actor: Caller, patientId: number, ctx: RequestContext) => functional.list(actor, patientId, ctx),
    addFunctionalData: (actor: Caller, patientId: number, body: FunctionalDataPostBody, ctx: RequestContext) =>
      functional.add(actor, patientId, body, ctx),
    updateFunctionalData: (actor: Caller, patientId: number, body: FunctionalDataPatchBody, ctx: RequestContext) =>
      functional.update(actor, patientId, body, ctx),
  };
}
export type PatientDataService = ReturnType<typeof createPatientDataService>;

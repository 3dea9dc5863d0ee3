import type { FunctionalDataPatchBody, FunctionalDataPostBody, Progress } from '@rehabit/contract';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { AuditLog } from '../../lib/audit.ts';
import { addDays, localDateOf, weekDays, weekStartOf } from '../../lib/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import { createExerciseLogsRepository } from '../hep/exercise-logs.repository.ts';
import { findOwnPatient, requirePatient } from '../patients/patient-access.ts';
import { createFunctionalDataService } from './functional-data.service.ts';
import { createProgressRepository } from './progress.repository.ts';
import { buildProgress } from './progress.ts';

type Deps = { db: Db; clock: Clock; audit: AuditLog };
const DAY_MS = 24 * 60 * 60 * 1000;

/** Seed §7 "Patient data": the progress week (staff and the patient's own) and functional data (staff). */
export function createPatientDataService({ db, clock, audit }: Deps) {
  const repo = createProgressRepository(db);
  const functional = createFunctionalDataService({ db, clock, audit });

  async function progressOf(patient: { id: number; timezone: string }, weeksAgo: number): Promise<Progress> {
    const today = localDateOf(clock.now(), patient.timezone);
    const days = weekDays(weekStartOf(today, weeksAgo));
    const [from, to] = [days[0]!, days[6]!];
    // A day either side of the week in UTC covers the week's instants in any timezone.
    const fromInstant = new Date(Date.parse(`${from}T00:00:00Z`) - DAY_MS);
    const untilInstant = new Date(Date.parse(`${addDays(to, 1)}T00:00:00Z`) + DAY_MS);
    const [items, logs, metrics, functionalDays, streak] = await Promise.all([
      repo.itemsAround(patient.id, fromInstant, untilInstant),
      repo.logsByDay(patient.id, from, to),
      repo.metricsByDay(patient.id, from, to),
      repo.functionalDays(patient.id, from, to),
      createExerciseLogsRepository(db).streak(patient.id, today),
    ]);
    return buildProgress({
      patientId: patient.id,
      weeksAgo,
      timezone: patient.timezone,
      today,
      days,
      data: { items, logs, metrics, functionalDays },
      streak,
    });
  }

  const recordRead = (actor: Actor, patient: { id: number; clinicId: number }, ctx: RequestContext, weeksAgo: number) =>
    audit.record({
      action: 'progress.read',
      outcome: 'success',
      actorUserId: actor.id,
      clinicId: patient.clinicId,
      patientId: patient.id,
      ip: ctx.ip,
      detail: { weeks_ago: weeksAgo },
    });

  return {
    async progress(actor: Actor, patientId: number, weeksAgo: number, ctx: RequestContext) {
      const patient = await requirePatient(db, audit, actor, patientId, 'progress.read', ctx);
      const progress = await progressOf(patient, weeksAgo);
      await recordRead(actor, patient, ctx, weeksAgo);
      return progress;
    },
    async ownProgress(actor: Actor, weeksAgo: number, ctx: RequestContext) {
      const own = await findOwnPatient(db, actor);
      const progress = await progressOf(own, weeksAgo);
      await recordRead(actor, own, ctx, weeksAgo);
      return progress;
    },
    functionalData: (actor: Actor, patientId: number, ctx: RequestContext) => functional.list(actor, patientId, ctx),
    addFunctionalData: (actor: Actor, patientId: number, body: FunctionalDataPostBody, ctx: RequestContext) =>
      functional.add(actor, patientId, body, ctx),
    updateFunctionalData: (actor: Actor, patientId: number, body: FunctionalDataPatchBody, ctx: RequestContext) =>
      functional.update(actor, patientId, body, ctx),
  };
}
export type PatientDataService = ReturnType<typeof createPatientDataService>;

import type { AuditAction, ExerciseLog, ExerciseLogBody, Today } from '@rehabit/contract';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, noteNothingChanged } from '../../lib/audit.ts';
import { localDateOf } from '../../lib/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { VideoHost } from '../../video-host/host.ts';
import { findOwnPatient, type OwnPatient } from '../patients/patient-access.ts';
import { createExerciseLogsRepository, type ExerciseLogRow } from './exercise-logs.repository.ts';
import { createHepRepository } from './hep.repository.ts';
import { toHepItem } from './hep-mapping.ts';

type Deps = { db: Db; clock: Clock; audit: AuditLog; host: () => VideoHost };

export const toExerciseLog = (row: ExerciseLogRow): ExerciseLog => ({
  id: row.id,
  hep_id: row.hepItemId,
  sets_done: row.setsDone,
  reps_done: row.repsDone,
  pain: row.pain,
  difficulty: row.difficulty,
  note: row.note,
  performed_at: row.performedAt.toISOString(),
  date: row.localDate,
  client_id: row.clientId,
});

/** The patient's side of the program: today's exercises, and logging one as done. Only ever their own. */
export function createPatientProgramService({ db, clock, audit, host }: Deps) {
  const programs = createHepRepository(db);
  const logs = createExerciseLogsRepository(db);

  const record = (
    actor: Actor,
    own: OwnPatient,
    action: AuditAction,
    ctx: RequestContext,
    detail: Record<string, unknown>,
  ) =>
    audit.record({
      action,
      outcome: 'success',
      actorUserId: actor.id,
      clinicId: own.clinicId,
      patientId: own.id,
      ip: ctx.ip,
      detail,
    });

  return {
    /**
     * Every active exercise, every day: an item asked for fewer days a week is still offered daily and the patient
     * picks the days (decision 0400). Due today is its times a day.
     */
    async today(actor: Actor, ctx: RequestContext): Promise<Today> {
      const own = await findOwnPatient(db, actor);
      const date = localDateOf(clock.now(), own.timezone);
      const [items, logged, painToday, streak] = await Promise.all([
        programs.listActive(own.id),
        logs.todayPerItem(own.id, date),
        logs.latestPainOn(own.id, date),
        logs.streak(own.id, date),
      ]);
      const videoHost = host();
      const todayItems = items.map((row, index) => {
        const item = logged.get(row.id);
        return {
          ...toHepItem(row, index, videoHost),
          done_today: item?.doneToday ?? 0,
          due_today: row.timesPerDay,
          last_log: item?.last ? toExerciseLog(item.last) : null,
        };
      });
      await record(actor, own, 'hep.read', ctx, { date, count: items.length });
      return {
        date,
        items: todayItems,
        done: todayItems.reduce((n, item) => n + Math.min(item.done_today, item.due_today), 0),
        due: todayItems.reduce((n, item) => n + item.due_today, 0),
        pain_today: painToday,
        streak,
      };
    },

    /** Stores an exercise done; the same client id sent again answers the stored log (`created` false). */
    async log(
      actor: Actor,
      body: ExerciseLogBody,
      ctx: RequestContext,
    ): Promise<{ log: ExerciseLog; created: boolean }> {
      const own = await findOwnPatient(db, actor);
      const stored = await logs.findByClientId(own.id, body.client_id);
      if (stored) {
        noteNothingChanged();
        return { log: toExerciseLog(stored), created: false };
      }
      const [item] = await programs.findInScope([body.hep_id], { kind: 'clinic', clinicId: own.clinicId });
      if (!item || item.patientId !== own.id || item.deletedAt !== null) {
        throw new AppError('not_found', 'No such exercise in your program', {
          errors: { hep_id: ['This exercise is not in your program'] },
        });
      }
      const performedAt = clock.now();
      const created = await db.transaction(async (tx) => {
        const txLogs = createExerciseLogsRepository(tx);
        const row = await txLogs.insertOnce({
          clinicId: own.clinicId,
          patientId: own.id,
          hepItemId: item.id,
          performedAt,
          localDate: localDateOf(performedAt, own.timezone),
          setsDone: body.sets_done,
          repsDone: body.reps_done ?? null,
          pain: body.pain ?? null,
          difficulty: body.difficulty ?? null,
          note: body.note ?? '',
          clientId: body.client_id,
        });
        if (!row) return null;
        await txLogs.recordPain(row);
        await audit.record(
          {
            action: 'exercise.logged',
            outcome: 'success',
            actorUserId: actor.id,
            clinicId: own.clinicId,
            patientId: own.id,
            ip: ctx.ip,
            detail: { hep_id: item.id, log_id: row.id },
          },
          tx,
        );
        return row;
      });
      if (!created) {
        // A concurrent send of the same client id won the race: answer its log, which it audited.
        noteNothingChanged();
        return { log: toExerciseLog((await logs.findByClientId(own.id, body.client_id))!), created: false };
      }
      return { log: toExerciseLog(created), created: true };
    },
  };
}
export type PatientProgramService = ReturnType<typeof createPatientProgramService>;

import type { ExerciseLog, ExerciseLogBody, Today } from '@rehabit/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, noteAudited, noteNothingChanged, patientAudit } from '../../lib/audit.ts';
import { localDateOf } from '../../lib/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { VideoHost } from '../../video-host/host.ts';
import type { Caller } from '../data-access.ts';
import { findOwnPatient, type OwnPatient } from '../patients/patient-access.ts';
import type { ExerciseLogChanges, ExerciseLogRow } from './exercise-logs.repository.ts';
import { toHepItem } from './hep-mapping.ts';

const snakeCased = (changes: ExerciseLogChanges) =>
  Object.fromEntries(
    Object.entries(changes).map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value]),
  );

type Deps = { clock: Clock; audit: AuditLog; host: () => VideoHost };

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
export function createPatientProgramService({ clock, audit, host }: Deps) {
  const { success: record } = patientAudit(audit);

  /** The audit row of a log stored or changed: the values it now holds for what changed. */
  const recordLogged = (
    actor: Caller,
    own: OwnPatient,
    ctx: RequestContext,
    row: ExerciseLogRow,
    changed: Record<string, unknown>,
    db: DbOrTx,
  ) => record(actor, 'exercise.logged', own, ctx, { hep_id: row.hepItemId, log_id: row.id, ...changed }, db);

  /** A later send of a stored session: applied under the log's lock, audited when it changed something. */
  const updateLog = (actor: Caller, own: OwnPatient, body: ExerciseLogBody, ctx: RequestContext) =>
    actor.data.transaction(async (data) => {
      const txLogs = data.exerciseLogs;
      const row = (await txLogs.lockByClientId(own.id, body.client_id))!;
      if (row.hepItemId !== body.hep_id) {
        throw fieldError('client_id', 'This client_id names a log of another exercise', 'conflict');
      }
      const changes = changesOf(row, body);
      if (Object.keys(changes).length === 0) {
        noteNothingChanged();
        return row;
      }
      const updated = (await txLogs.update(row.id, changes))!;
      if (changes.pain !== undefined) await txLogs.recordPain(updated);
      await recordLogged(actor, own, ctx, updated, snakeCased(changes), data.db);
      return updated;
    });

  return {
    /**
     * Every active exercise, every day: an item asked for fewer days a week is still offered daily and the patient
     * picks the days (decision 0400). Due today is its times a day.
     */
    async today(actor: Caller, ctx: RequestContext): Promise<Today> {
      const own = await findOwnPatient(actor);
      const date = localDateOf(clock.now(), own.timezone);
      // Read and audited in one statement (decision 1485).
      const today = await actor.data.exerciseLogs.today(own.id, date, { actorUserId: actor.id, ip: ctx.ip });
      if (!today) throw new AppError('not_found', 'No patient record belongs to this account');
      noteAudited('hep.read');
      const { items, logged, painToday, streak } = today;
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
      return {
        date,
        items: todayItems,
        done: todayItems.reduce((n, item) => n + Math.min(item.done_today, item.due_today), 0),
        due: todayItems.reduce((n, item) => n + item.due_today, 0),
        pain_today: painToday,
        streak,
      };
    },

    /**
     * Saves an exercise session as its sets are done (decision 1230): the first send of a client id stores the log;
     * a later one updates that log with what it adds (`created` false). Sent again unchanged, nothing changes.
     */
    async log(
      actor: Caller,
      body: ExerciseLogBody,
      ctx: RequestContext,
    ): Promise<{ log: ExerciseLog; created: boolean }> {
      const own = await findOwnPatient(actor);
      if (await actor.data.exerciseLogs.findByClientId(own.id, body.client_id)) {
        return { log: toExerciseLog(await updateLog(actor, own, body, ctx)), created: false };
      }
      const [item] = await actor.data.hep.findInScope([body.hep_id]);
      if (!item || item.patientId !== own.id || item.deletedAt !== null) {
        throw new AppError('not_found', 'No such exercise in your program', {
          errors: { hep_id: ['This exercise is not in your program'] },
        });
      }
      const performedAt = performedAtOf(body, clock.now());
      const created = await actor.data.transaction(async (data) => {
        const txLogs = data.exerciseLogs;
        const row = await txLogs.insertOnce({
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
        await recordLogged(
          actor,
          own,
          ctx,
          row,
          { sets_done: row.setsDone, pain: row.pain, difficulty: row.difficulty },
          data.db,
        );
        return row;
      });
      // A concurrent send of the same client id stored it first: this one updates that log like a later send.
      if (!created) return { log: toExerciseLog(await updateLog(actor, own, body, ctx)), created: false };
      return { log: toExerciseLog(created), created: true };
    },
  };
}

const FUTURE_SLACK_MS = 5 * 60_000;
const OLDEST_OFFLINE_LOG_DAYS = 7;

/**
 * When the session began: for a log kept while offline, its age as the phone measured it (from `performed_at` to
 * `sent_at`, both by the phone's clock, however wrong) taken back from the server's clock; a phone that gives only
 * `performed_at` is trusted within bounds; else now.
 */
function performedAtOf(body: ExerciseLogBody, now: Date): Date {
  if (!body.performed_at) return now;
  const phoneAt = Date.parse(body.performed_at);
  const age = body.sent_at ? Math.max(0, Date.parse(body.sent_at) - phoneAt) : now.getTime() - phoneAt;
  const at = new Date(now.getTime() - age);
  if (at.getTime() > now.getTime() + FUTURE_SLACK_MS) {
    throw fieldError('performed_at', 'The exercise cannot be done in the future');
  }
  if (at.getTime() < now.getTime() - OLDEST_OFFLINE_LOG_DAYS * 86_400_000) {
    throw fieldError('performed_at', `An exercise older than ${OLDEST_OFFLINE_LOG_DAYS} days cannot be logged`);
  }
  return at;
}

/** What a later send adds to a stored log: sets only grow (a late retry never lowers them); a rating given replaces. */
function changesOf(row: ExerciseLogRow, body: ExerciseLogBody): ExerciseLogChanges {
  const changes: ExerciseLogChanges = {};
  if (body.sets_done > row.setsDone) changes.setsDone = body.sets_done;
  if (body.reps_done !== undefined && body.reps_done !== row.repsDone) changes.repsDone = body.reps_done;
  if (body.pain !== undefined && body.pain !== row.pain) changes.pain = body.pain;
  if (body.difficulty !== undefined && body.difficulty !== row.difficulty) changes.difficulty = body.difficulty;
  if (body.note !== undefined && body.note !== row.note) changes.note = body.note;
  return changes;
}
export type PatientProgramService = ReturnType<typeof createPatientProgramService>;

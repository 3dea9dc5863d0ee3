import type { HealthDataBody, PatientChat, PatientMe } from '@rehabit/contract';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, patientAudit } from '../../lib/audit.ts';
import { localDateOf } from '../../lib/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, type FieldErrors } from '../../lib/errors.ts';
import type { Caller } from '../data-access.ts';
import { findOwnPatient } from '../patients/patient-access.ts';

type Deps = { clock: Clock; audit: AuditLog };
/** A phone's clock may run a little ahead; more than this is a reading from the future. */
const FUTURE_SLACK_MS = 5 * 60_000;
/** Nothing older is accepted: no health platform sync reaches that far back, and such a reading is a wrong clock. */
const EARLIEST_READING = new Date('2020-01-01T00:00:00Z');

/** The patient's own profile, readings and conversation; every call reaches only the caller's patient record. */
export function createPatientAppService({ clock, audit }: Deps) {
  const { success: record } = patientAudit(audit);

  return {
    async me(actor: Caller, ctx: RequestContext): Promise<PatientMe> {
      const own = await findOwnPatient(actor);
      const profile = (await actor.data.patientApp.profile(own.id))!;
      const today = localDateOf(clock.now(), own.timezone);
      await record(actor, 'patient.self_read', own, ctx);
      return {
        id: own.id,
        user_id: actor.id,
        first_name: profile.firstName,
        last_name: profile.lastName,
        clinic: { code: profile.clinicCode, name: profile.clinicName, timezone: profile.timezone },
        therapist: profile.therapistId
          ? {
              id: profile.therapistId,
              display_name: `${profile.therapistFirstName} ${profile.therapistLastName}`.trim(),
            }
          : null,
        status: profile.status,
        streak: await actor.data.exerciseLogs.streak(own.id, today),
      };
    },

    /** A batch of readings; ones stored before (same kind, source and instant) count as duplicates. */
    async receiveHealthData(actor: Caller, body: HealthDataBody, ctx: RequestContext) {
      const own = await findOwnPatient(actor);
      const latest = clock.now().getTime() + FUTURE_SLACK_MS;
      const errors: FieldErrors = {};
      const readings = body.entries.map((entry, index) => {
        const measuredAt = new Date(entry.measured_at);
        if (Number.isNaN(measuredAt.getTime())) {
          errors[`entries.${index}.measured_at`] = [`Reading ${index + 1} has no valid time`];
        } else if (measuredAt.getTime() > latest) {
          errors[`entries.${index}.measured_at`] = [`Reading ${index + 1} is in the future`];
        } else if (measuredAt < EARLIEST_READING) {
          errors[`entries.${index}.measured_at`] = [`Reading ${index + 1} is from before 2020`];
        }
        return {
          patientId: own.id,
          kind: entry.kind,
          value: entry.value,
          measuredAt,
          localDate: Number.isNaN(measuredAt.getTime()) ? '' : localDateOf(measuredAt, own.timezone),
          source: body.source,
        };
      });
      const refused = Object.keys(errors);
      if (refused.length > 0) {
        // Nothing of the batch is stored: the device sends it again once its clock is right.
        throw new AppError('validation_failed', errors[refused[0]!]![0], { errors });
      }
      // In the patient's own clinic, which is their scope.
      const created = await actor.data.patientApp.insertReadings(readings);
      const result = { created, duplicates: readings.length - created };
      await record(actor, 'health_data.received', own, ctx, {
        source: body.source,
        kinds: [...new Set(body.entries.map((e) => e.kind))],
        ...result,
      });
      return result;
    },

    /** The patient's conversation with their clinic, opened on first use; messages go through the chat calls. */
    async chat(actor: Caller, ctx: RequestContext): Promise<PatientChat> {
      const own = await findOwnPatient(actor);
      const chat = actor.data.chat;
      if (!(await chat.findPatientSession(own.id))) {
        await chat.insertSession({ kind: 'patient', patientId: own.id });
        await record(actor, 'chat.open', own, ctx);
      }
      const session = (await chat.findPatientSession(own.id))!;
      const { rows } = await chat.listSessions({ id: session.id }, actor.id, 1, 1, { now: clock.now() });
      await record(actor, 'chat.list', own, ctx, { session_id: session.id });
      return { session: session.id, unread_message_count: rows[0]?.unread ?? 0 };
    },
  };
}
export type PatientAppService = ReturnType<typeof createPatientAppService>;

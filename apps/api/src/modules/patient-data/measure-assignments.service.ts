import {
  type AssignMeasureBody,
  type MeasureAssignment,
  type MeasureAssignmentStatus,
  measures,
  nextDueAfter,
  type OwnMeasures,
  type SubmitMeasureBody,
  type SubmittedMeasure,
  scoreMeasure,
} from '@rehabit/contract';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, noteNothingChanged, patientAudit } from '../../lib/audit.ts';
import { localDateOf } from '../../lib/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { Caller, TxData } from '../data-access.ts';
import { findOwnPatient, lockPatient, patientScope, requirePatient } from '../patients/patient-access.ts';
import type { MeasureAssignmentRow } from './measure-assignments.repository.ts';

type Deps = { clock: Clock; audit: AuditLog };

const statusOf = (row: MeasureAssignmentRow, today: string): MeasureAssignmentStatus => {
  if (row.stoppedAt) return 'stopped';
  if (row.nextDueOn === null) return 'completed';
  return row.nextDueOn <= today ? 'due' : 'upcoming';
};

const toAssignment = (row: MeasureAssignmentRow, today: string): MeasureAssignment => ({
  id: row.id,
  patient_id: row.patientId,
  measure: row.measure,
  repeat_weeks: row.repeatWeeks,
  starts_on: row.startsOn,
  next_due_on: row.nextDueOn,
  status: statusOf(row, today),
  last_filled_on: row.lastFilledOn,
  assigned_by:
    row.createdBy && row.creatorFirstName
      ? { id: row.createdBy, display_name: `${row.creatorFirstName} ${row.creatorLastName}` }
      : null,
  created_at: row.createdAt.toISOString(),
  stopped_at: row.stoppedAt?.toISOString() ?? null,
});

/**
 * Outcome measures the patient fills in (decision 1360): staff assign and stop them; the patient sees what is due
 * and fills it in, stored as their own entry of the measure's series, scored with the published scoring.
 */
export function createMeasureAssignmentsService({ clock, audit }: Deps) {
  const { success: record } = patientAudit(audit);
  /** The patient's assignments and series, in the patient's clinic (an admin's call included). */
  const inClinicOf = (data: TxData, patient: { clinicId: number }) => data.within(patientScope(patient));

  return {
    async list(actor: Caller, patientId: number, ctx: RequestContext) {
      const patient = await requirePatient(audit, actor, patientId, 'measure_assignment.list', ctx);
      const rows = await inClinicOf(actor.data, patient).measureAssignments.listOf(patient.id);
      const today = localDateOf(clock.now(), patient.timezone);
      await record(actor, 'measure_assignment.list', patient, ctx, { count: rows.length });
      return { results: rows.map((row) => toAssignment(row, today)), today };
    },

    async assign(actor: Caller, patientId: number, body: AssignMeasureBody, ctx: RequestContext) {
      const patient = await requirePatient(audit, actor, patientId, 'measure_assignment.create', ctx);
      const today = localDateOf(clock.now(), patient.timezone);
      const startsOn = body.starts_on ?? today;
      if (startsOn < today) throw fieldError('starts_on', 'The first day cannot be in the past');
      return actor.data.transaction(async (data) => {
        await lockPatient(data, patient);
        const repo = inClinicOf(data, patient).measureAssignments;
        const id = (await repo.findRunning(patient.id, body.measure))
          ? null
          : await repo.insert({
              patientId: patient.id,
              measure: body.measure,
              repeatWeeks: body.repeat_weeks,
              startsOn,
              createdBy: actor.id,
            });
        if (id === null) {
          throw fieldError(
            'measure',
            `${measures[body.measure].name} is assigned to this patient already: stop it first`,
            'conflict',
          );
        }
        await record(
          actor,
          'measure_assignment.create',
          patient,
          ctx,
          { assignment_id: id, measure: body.measure, repeat_weeks: body.repeat_weeks, starts_on: startsOn },
          data.db,
        );
        return toAssignment((await repo.find(patient.id, id))!, today);
      });
    },

    /** Stops an assignment; stopping one already stopped answers it as it is and changes nothing. */
    async stop(actor: Caller, patientId: number, assignmentId: number, ctx: RequestContext) {
      const patient = await requirePatient(audit, actor, patientId, 'measure_assignment.stop', ctx);
      const today = localDateOf(clock.now(), patient.timezone);
      return actor.data.transaction(async (data) => {
        const repo = inClinicOf(data, patient).measureAssignments;
        const row = await repo.find(patient.id, assignmentId);
        if (!row) throw new AppError('not_found', 'No such assignment of this patient');
        if (!(await repo.stop(row.id, actor.id, clock.now()))) {
          noteNothingChanged();
          return toAssignment(row, today);
        }
        await record(
          actor,
          'measure_assignment.stop',
          patient,
          ctx,
          { assignment_id: row.id, measure: row.measure },
          data.db,
        );
        return toAssignment((await repo.find(patient.id, row.id))!, today);
      });
    },

    /** The signed-in patient's measures due today or before. */
    async due(actor: Caller, ctx: RequestContext): Promise<OwnMeasures> {
      const own = await findOwnPatient(actor);
      const repo = actor.data.measureAssignments;
      const today = localDateOf(clock.now(), own.timezone);
      const rows = await repo.dueOf([own.id], today);
      const activities = rows.some((row) => row.measure === 'psfs') ? await repo.lastActivities(own.id) : [];
      await record(actor, 'measure_assignment.list', own, ctx, { due: rows.map((row) => row.id) });
      return {
        today,
        due: rows.map((row) => ({
          assignment_id: row.id,
          measure: row.measure,
          due_on: row.nextDueOn!,
          previous_activities: row.measure === 'psfs' ? activities : [],
        })),
      };
    },

    /**
     * Stores the patient's answers to a due measure as their own entry, scored, and moves the assignment to its next
     * due day. The same client id sent again answers the entry stored the first time (`created` false).
     */
    async submit(
      actor: Caller,
      body: SubmitMeasureBody,
      ctx: RequestContext,
    ): Promise<{ result: SubmittedMeasure; created: boolean }> {
      const own = await findOwnPatient(actor);
      const stored = async (data: TxData) => {
        const repo = data.measureAssignments;
        const entry = await repo.findSubmission(own.id, body.client_id);
        if (!entry) return null;
        if (entry.assignmentId !== body.assignment_id) {
          throw fieldError('client_id', 'This client_id names an answer to another measure', 'conflict');
        }
        const row = (await repo.find(own.id, entry.assignmentId))!;
        return {
          entry_id: entry.id,
          measure: row.measure,
          date: entry.date,
          score: entry.score,
          scoring_version: entry.scoringVersion,
          next_due_on: row.nextDueOn,
        };
      };
      const again = await stored(actor.data);
      if (again) {
        noteNothingChanged();
        return { result: again, created: false };
      }

      const today = localDateOf(clock.now(), own.timezone);
      const assignment = await actor.data.measureAssignments.find(own.id, body.assignment_id);
      if (!assignment) {
        throw new AppError('not_found', 'No such measure to fill in', {
          errors: { assignment_id: ['This measure is not asked of you'] },
        });
      }
      const status = statusOf(assignment, today);
      if (status !== 'due') {
        const message = status === 'upcoming' ? 'This measure is not due yet' : 'This measure is no longer asked';
        throw fieldError('assignment_id', message, 'conflict');
      }
      const measure = measures[assignment.measure];
      if (assignment.measure === 'psfs' && body.activities === undefined) {
        throw fieldError('activities', 'Name one activity for each rating');
      }
      const scored = scoreMeasure(measure.key, body.answers);
      if (!scored.ok) throw fieldError('answers', scored.error);
      const now = clock.now();

      const result = await actor.data.transaction(async (data) => {
        await lockPatient(data, own);
        // A concurrent send of the same client id stored it first: answer that one.
        const raced = await stored(data);
        if (raced) {
          noteNothingChanged();
          return { result: raced, created: false };
        }
        // Another phone's answer, or a stop by staff, may have come while this one was checked: asked again under the
        // patient's lock, the assignment must still be due.
        const current = await data.measureAssignments.find(own.id, body.assignment_id);
        if (!current || statusOf(current, today) !== 'due') {
          throw fieldError('assignment_id', 'This measure is no longer asked', 'conflict');
        }
        const series =
          (await data.functionalData.findSeriesByName(own.id, measure.datatypeId, measure.name)) ??
          (await data.functionalData.insertSeries({
            patientId: own.id,
            datatypeId: measure.datatypeId,
            name: measure.name,
            unit: measure.unit,
            createdBy: actor.id,
          }));
        const entryId = await data.measureAssignments.insertSubmission(
          {
            seriesId: series.id,
            assignmentId: assignment.id,
            clientId: body.client_id,
            date: today,
            answers: body.answers,
            activities: assignment.measure === 'psfs' ? (body.activities ?? null) : null,
            score: scored.score,
            scoringVersion: scored.scoringVersion,
          },
          actor.id,
          now,
        );
        if (entryId === null) throw new AppError('conflict', 'This answer was just saved: send it again');
        const nextDueOn = nextDueAfter(assignment.nextDueOn!, assignment.repeatWeeks, today);
        await data.measureAssignments.markFilled(assignment.id, today, nextDueOn);
        await record(
          actor,
          'measure.submitted',
          own,
          ctx,
          { assignment_id: assignment.id, entry_id: entryId, measure: assignment.measure },
          data.db,
        );
        return {
          result: {
            entry_id: entryId,
            measure: assignment.measure,
            date: today,
            score: scored.score,
            scoring_version: scored.scoringVersion,
            next_due_on: nextDueOn,
          },
          created: true,
        };
      });
      return result;
    },
  };
}
export type MeasureAssignmentsService = ReturnType<typeof createMeasureAssignmentsService>;

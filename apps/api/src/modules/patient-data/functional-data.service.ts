import {
  type FunctionalDataPatchBody,
  type FunctionalDataPostBody,
  type FunctionalEntryInput,
  type FunctionalSeries,
  type Measure,
  measureByDatatypeId,
  scoreMeasure,
} from '@rehabit/contract';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, patientAudit } from '../../lib/audit.ts';
import { localDateOf } from '../../lib/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, type FieldErrors } from '../../lib/errors.ts';
import type { Caller, TxData } from '../data-access.ts';
import { lockPatient, patientScope, requirePatient } from '../patients/patient-access.ts';
import type { PatientWithClinicDay } from '../patients/patients.repository.ts';
import type { FunctionalEntryRow, FunctionalSeriesRow, NewFunctionalEntry } from './functional-data.repository.ts';

type Deps = { clock: Clock; audit: AuditLog };

function toSeries(series: FunctionalSeriesRow, entries: FunctionalEntryRow[]): FunctionalSeries {
  const measure = measureByDatatypeId(series.datatypeId)!;
  return {
    id: series.id,
    datatype_id: series.datatypeId,
    key: measure.key,
    name: series.name,
    unit: series.unit,
    higher_is_better: measure.higherIsBetter,
    entries: entries
      .filter((e) => e.measureId === series.id)
      .map((e) => ({
        id: e.id,
        date: e.date,
        answers: e.answers,
        score: e.score,
        scoring_version: e.scoringVersion,
        note: e.note,
        created_by:
          e.createdBy && e.creatorFirstName
            ? { id: e.createdBy, display_name: `${e.creatorFirstName} ${e.creatorLastName}` }
            : null,
        created_at: e.createdAt.toISOString(),
        entered_by: e.enteredBy,
        activities: e.activities ?? null,
      })),
  };
}

const failed = (errors: FieldErrors) =>
  new AppError(
    'validation_failed',
    Object.entries(errors)
      .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
      .join('; '),
    { errors },
  );

/** Outcome measures of a patient (decision 0400): raw answers, score, scoring version and date. */
export function createFunctionalDataService({ clock, audit }: Deps) {
  /** The patient's outcome measures, in the patient's clinic, through the call's data access (or its transaction's). */
  const measuresOf = (data: TxData, patient: { clinicId: number }) => data.within(patientScope(patient)).functionalData;

  /**
   * Scores each entry and checks its date: not after today in the clinic's timezone, not before the birthday.
   * Every problem is reported under its field (`entries.<i>.answers`, `entries.<i>.date`).
   */
  function scoreAll(
    measure: Measure,
    patient: PatientWithClinicDay,
    entries: { index: number; entry: FunctionalEntryInput }[],
  ) {
    const today = localDateOf(clock.now(), patient.timezone);
    const errors: FieldErrors = {};
    const scored: NewFunctionalEntry[] = [];
    for (const { index, entry } of entries) {
      if (entry.date > today) errors[`entries.${index}.date`] = ['The date cannot be in the future'];
      else if (entry.date < patient.birthday)
        errors[`entries.${index}.date`] = ["The date is before the patient's birth"];
      const result = scoreMeasure(measure.key, entry.answers);
      if (!result.ok) errors[`entries.${index}.answers`] = [result.error];
      else
        scored.push({
          date: entry.date,
          answers: entry.answers,
          score: result.score,
          scoringVersion: result.scoringVersion,
          note: entry.note ?? '',
        });
    }
    if (Object.keys(errors).length > 0) throw failed(errors);
    return scored;
  }

  async function seriesResult(data: TxData, series: FunctionalSeriesRow) {
    const repo = measuresOf(data, series);
    const current = (await repo.findSeries(series.patientId, series.id))!;
    return toSeries(current, await repo.entriesOf([series.id]));
  }

  const { success: record } = patientAudit(audit);

  return {
    async list(actor: Caller, patientId: number, ctx: RequestContext) {
      const patient = await requirePatient(audit, actor, patientId, 'functional_data.read', ctx);
      const repo = measuresOf(actor.data, patient);
      const series = await repo.seriesOf(patient.id);
      const entries = await repo.entriesOf(series.map((s) => s.id));
      await record(actor, 'functional_data.read', patient, ctx, { series: series.length });
      return { results: series.map((s) => toSeries(s, entries)), today: localDateOf(clock.now(), patient.timezone) };
    },

    /** Adds entries to the series of this measure and name, which is created the first time. */
    async add(actor: Caller, patientId: number, body: FunctionalDataPostBody, ctx: RequestContext) {
      const patient = await requirePatient(audit, actor, patientId, 'functional_data.added', ctx);
      const measure = measureByDatatypeId(body.datatype_id)!;
      const scored = scoreAll(
        measure,
        patient,
        body.entries.map((entry, index) => ({ index, entry })),
      );
      const name = body.name ?? measure.name;
      const now = clock.now();
      return actor.data.transaction(async (data) => {
        await lockPatient(data, patient);
        const txRepo = measuresOf(data, patient);
        const series =
          (await txRepo.findSeriesByName(patient.id, measure.datatypeId, name)) ??
          (await txRepo.insertSeries({
            patientId: patient.id,
            datatypeId: measure.datatypeId,
            name,
            unit: body.unit ?? measure.unit,
            createdBy: actor.id,
          }));
        const ids = await txRepo.insertEntries(series.id, scored, actor.id, now);
        await record(actor, 'functional_data.added', patient, ctx, { series_id: series.id, entry_ids: ids }, data.db);
        return seriesResult(data, series);
      });
    },

    /** Renames a series or corrects entries; corrected entries are scored again with the current scoring. */
    async update(actor: Caller, patientId: number, body: FunctionalDataPatchBody, ctx: RequestContext) {
      const patient = await requirePatient(audit, actor, patientId, 'functional_data.updated', ctx);
      const repo = measuresOf(actor.data, patient);
      const series = await repo.findSeries(patient.id, body.id);
      const entries = series ? await repo.entriesOf([series.id]) : [];
      const missing = (body.entries ?? []).filter((e) => !entries.some((row) => row.id === e.id)).map((e) => e.id);
      if (!series || missing.length > 0) {
        await audit.record({
          action: 'functional_data.updated',
          outcome: 'denied',
          actorUserId: actor.id,
          clinicId: actor.clinicId,
          ip: ctx.ip,
          detail: { patient_id: patient.id, series_id: body.id, entry_ids: missing },
        });
        throw new AppError(
          'not_found',
          series ? `No such entry in this series: ${missing.join(', ')}` : 'No such series',
        );
      }
      const measure = measureByDatatypeId(series.datatypeId)!;
      const corrections = (body.entries ?? []).map((change, index) => {
        const stored = entries.find((row) => row.id === change.id)!;
        const entry = {
          date: change.date ?? stored.date,
          answers: change.answers ?? stored.answers,
          note: change.note ?? stored.note,
        };
        return { id: change.id, index, entry };
      });
      const scored = scoreAll(measure, patient, corrections);
      const name = body.name;
      const now = clock.now();
      return actor.data.transaction(async (data) => {
        await lockPatient(data, patient);
        const txRepo = measuresOf(data, patient);
        const clash = name === undefined ? null : await txRepo.findSeriesByName(patient.id, series.datatypeId, name);
        if (clash && clash.id !== series.id) {
          const message = 'This patient has a series of this measure with that name';
          throw new AppError('conflict', message, { errors: { name: [message] } });
        }
        if (name !== undefined || body.unit !== undefined)
          await txRepo.updateSeries(series.id, { name, unit: body.unit });
        for (const [i, correction] of corrections.entries()) await txRepo.updateEntry(correction.id, scored[i]!, now);
        await record(
          actor,
          'functional_data.updated',
          patient,
          ctx,
          { series_id: series.id, entry_ids: corrections.map((c) => c.id), renamed: name !== undefined },
          data.db,
        );
        return seriesResult(data, series);
      });
    },
  };
}

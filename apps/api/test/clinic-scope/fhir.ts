import { expect } from 'vitest';
import { billingMonthCloses } from '../../src/db/schema.ts';
import { createFhirRepository } from '../../src/modules/fhir/fhir.repository.ts';
import { createFhirExportsRepository } from '../../src/modules/fhir/fhir-exports.repository.ts';
import { a, b, cover, crossClinic, db, repoOf, scopeB } from './harness.ts';

// The FHIR export's reads of one patient (decision 1425): clinic B's patient has a program, readings, an outcome
// measure and a logged call, which clinic B's scope reaches and another clinic's does not.

const ofB = () => repoOf(createFhirRepository, scopeB());

/** Clinic B's closed month whose filed figures bill B's patient. */
async function fileMonthOfB() {
  const row = {
    patient: { id: b.patientId, first_name: 'B', last_name: 'Patient', birthday: '1950-01-01' },
    diagnosis: null,
    codes: [],
    minutes: 0,
    call_dates: [],
    therapist: null,
    expected_payment: 0,
  };
  const figures = { codes: [], patients: [row] };
  await db
    .insert(billingMonthCloses)
    .values({ clinicId: b.clinicId, month: '2024-09', figures, filedAt: new Date('2024-10-01T08:00:00Z') });
}

export const fhirRepositories = {
  fhir: cover(createFhirRepository, {
    patient: crossClinic(async (r) => {
      expect((await ofB().patient(b.patientId))?.id).toBe(b.patientId);
      expect(await r.patient(b.patientId)).toBeUndefined();
    }),
    readings: crossClinic(async (r) => {
      expect(await ofB().readings(b.patientId)).not.toHaveLength(0);
      expect(await r.readings(b.patientId)).toEqual([]);
    }),
    measureResults: crossClinic(async (r) => {
      expect(await ofB().measureResults(b.patientId)).not.toHaveLength(0);
      expect(await r.measureResults(b.patientId)).toEqual([]);
    }),
    calls: crossClinic(async (r) => {
      expect(await ofB().calls(b.patientId)).not.toHaveLength(0);
      expect(await r.calls(b.patientId)).toEqual([]);
    }),
    staff: crossClinic(async (r) => {
      expect((await ofB().staff([b.therapistId])).map((s) => s.id)).toEqual([b.therapistId]);
      expect(await r.staff([b.therapistId])).toEqual([]);
    }),
    clinic: crossClinic(async (r) => {
      expect((await ofB().clinic())?.id).toBe(b.clinicId);
      expect((await r.clinic())?.id).not.toBe(b.clinicId);
    }),
    patientOfRow: crossClinic(async (r) => {
      const [reading] = await ofB().readings(b.patientId);
      const [entry] = await ofB().measureResults(b.patientId);
      const [call] = await ofB().calls(b.patientId);
      const rows = [
        ['reading', reading!.id],
        ['measure', entry!.id],
        ['call', call!.id],
      ] as const;
      for (const [kind, id] of rows) {
        expect(await ofB().patientOfRow(kind, id)).toBe(b.patientId);
        expect(await r.patientOfRow(kind, id)).toBeUndefined();
      }
    }),
    filedBillingRows: crossClinic(async (r) => {
      await fileMonthOfB();
      expect((await ofB().filedBillingRows(b.patientId)).map((f) => f.month)).toEqual(['2024-09']);
      expect(await r.filedBillingRows(b.patientId)).toEqual([]);
    }),
  }),
};

// ---------------------------------------------------------------------------------------------------------------
// The clinic month's bulk exports (decision 1440): clinic B has a made export with a file and one waiting, which
// clinic A's scope neither reads nor moves.

const MONTH = '2026-03';
const at = new Date('2026-03-02T15:00:00Z');
const exportsOfB = () => repoOf(createFhirExportsRepository, scopeB());

let made: Promise<{ doneId: number; waitingId: number }> | undefined;
/** Clinic B's made export (its Patient file written) and its export waiting for its job; made once. */
const exportsB = () => {
  made ??= (async () => {
    const doneId = await exportsOfB().insert('2026-02', b.supervisorId, at);
    await exportsOfB().startRun(doneId, at);
    await exportsOfB().complete(
      doneId,
      [{ type: 'Patient', name: 'Patient.ndjson', count: 1, content: '{}\n' }],
      [b.patientId],
      at,
    );
    const waitingId = await exportsOfB().insert(MONTH, b.supervisorId, at);
    return { doneId, waitingId };
  })();
  return made;
};

/** Clinic B's export as clinic B reads it. */
const rowOfB = async (id: number) => (await exportsOfB().find(id))!;

export const fhirExportRepositories = {
  fhirExports: cover(createFhirExportsRepository, {
    lockMonth: crossClinic(async (r) => {
      // A lock of clinic A's month: clinic B's export of the same month still starts beside it.
      await r.lockMonth(MONTH);
      expect((await rowOfB((await exportsB()).waitingId)).status).toBe('queued');
    }),
    activeOf: crossClinic(async (r) => {
      await exportsB();
      expect(await exportsOfB().activeOf(MONTH)).toBeDefined();
      expect(await r.activeOf(MONTH)).toBeUndefined();
    }),
    insert: crossClinic(async (r) => {
      const id = await r.insert('2026-01', a.supervisorId, at);
      expect(await exportsOfB().find(id)).toBeUndefined();
    }),
    find: crossClinic(async (r) => {
      const { doneId } = await exportsB();
      expect((await rowOfB(doneId)).files).toHaveLength(1);
      expect(await r.find(doneId)).toBeUndefined();
    }),
    list: crossClinic(async (r) => {
      const { doneId } = await exportsB();
      const page = { offset: 0, limit: 100 };
      expect((await exportsOfB().list(page)).rows.map((row) => row.id)).toContain(doneId);
      const listed = await r.list(page);
      expect(listed.rows.map((row) => row.id)).not.toContain(doneId);
      expect(listed.rows.every((row) => row.clinicId === a.clinicId)).toBe(true);
    }),
    failStale: crossClinic(async (r) => {
      const { waitingId } = await exportsB();
      await r.failStale(MONTH, new Date('2030-01-01T00:00:00Z'), at);
      expect((await rowOfB(waitingId)).status).toBe('queued');
    }),
    startRun: crossClinic(async (r) => {
      const { waitingId } = await exportsB();
      expect(await r.startRun(waitingId, at)).toBeUndefined();
      expect((await rowOfB(waitingId)).status).toBe('queued');
    }),
    progress: crossClinic(async (r) => {
      const { waitingId } = await exportsB();
      await r.progress(waitingId, 3, 5, at);
      expect((await rowOfB(waitingId)).patientsTotal).toBeNull();
    }),
    endRun: crossClinic(async (r) => {
      const { waitingId } = await exportsB();
      await r.endRun(waitingId, 'failed', at);
      expect((await rowOfB(waitingId)).status).toBe('queued');
    }),
    complete: crossClinic(async (r) => {
      const { waitingId } = await exportsB();
      expect(await r.complete(waitingId, [], [], at)).toBe(false);
      expect((await rowOfB(waitingId)).status).toBe('queued');
    }),
    fileContent: crossClinic(async (r) => {
      const { doneId } = await exportsB();
      expect(await exportsOfB().fileContent(doneId, 'Patient')).toBeDefined();
      expect(await r.fileContent(doneId, 'Patient')).toBeUndefined();
    }),
    patientsInCare: crossClinic(async (r) => {
      const span = { month: MONTH, start: new Date('2026-03-01T00:00:00Z'), end: new Date('2026-04-01T00:00:00Z') };
      expect(await exportsOfB().patientsInCare(span)).toContain(b.patientId);
      expect(await r.patientsInCare(span)).not.toContain(b.patientId);
    }),
  }),
};

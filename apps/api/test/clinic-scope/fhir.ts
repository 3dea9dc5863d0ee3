import { expect } from 'vitest';
import { billingMonthCloses } from '../../src/db/schema.ts';
import { createFhirRepository } from '../../src/modules/fhir/fhir.repository.ts';
import { b, cover, crossClinic, db, repoOf, scopeB } from './harness.ts';

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
      expect((await ofB().clinic(b.clinicId))?.id).toBe(b.clinicId);
      expect(await r.clinic(b.clinicId)).toBeUndefined();
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

import { expect } from 'vitest';
import { createFhirRepository } from '../../src/modules/fhir/fhir.repository.ts';
import { b, cover, crossClinic, repoOf, scopeB } from './harness.ts';

// The FHIR export's reads of one patient (decision 1425): clinic B's patient has a program, readings, an outcome
// measure and a logged call, which clinic B's scope reaches and another clinic's does not.

const ofB = () => repoOf(createFhirRepository, scopeB());

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
  }),
};

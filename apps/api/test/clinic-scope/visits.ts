import { expect } from 'vitest';
import { createVisitsRepository } from '../../src/modules/visits/visits.repository.ts';
import { a, b, cover, crossClinic, repoOf, scopeB } from './harness.ts';

const NOW = new Date('2026-03-02T15:00:00Z');
const visitsOfB = () => repoOf(createVisitsRepository, scopeB());

/** Clinic B's open visit, made once. */
let made: Promise<number> | undefined;
const seedVisit = () => {
  made ??= (async () =>
    (await visitsOfB().start({
      patientId: b.patientId,
      staffId: b.therapistId,
      staffSocket: 'b-socket',
      now: NOW,
    }))!)();
  return made;
};

export const visitsRepositories = {
  visits: cover(createVisitsRepository, {
    start: crossClinic(async (r) => {
      expect(
        await r.start({ patientId: b.patientId, staffId: a.therapistId, staffSocket: 'a', now: NOW }),
      ).toBeUndefined();
    }),
    find: crossClinic(async (r) => {
      expect(await r.find(await seedVisit())).toBeUndefined();
    }),
    lock: crossClinic(async (r) => {
      expect(await r.lock(await seedVisit())).toBeUndefined();
    }),
    open: crossClinic(async (r) => {
      const id = await seedVisit();
      expect((await r.open()).map((row) => row.id)).not.toContain(id);
    }),
    change: crossClinic(async (r) => {
      const id = await seedVisit();
      expect(await r.change(id, { staffSocket: 'taken' })).toBe(false);
      expect((await visitsOfB().find(id))?.staffSocket).toBe('b-socket');
    }),
    staffName: crossClinic(async (r) => {
      expect(await r.staffName(await seedVisit())).toBe('');
    }),
  }),
};

import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { makeClinic } from '../../test/factories.ts';
import type { Db } from '../db/client.ts';
import { clinicScope, crossClinic } from '../db/scope.ts';
import { callerOf, dataFor } from './data-access.ts';

let t: TestDatabase;
let db: Db;
let home: { id: number; code: string };
let other: { id: number; code: string };

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.database.db;
  home = await makeClinic(db, { code: 'HOME01' });
  other = await makeClinic(db, { code: 'OTHR01' });
});
afterAll(() => t.drop());

/** The audit trail's and the outbox's writers build their own, beneath every module (decision 1345). */
const builtBeneathTheModules = ['createAuditRepository', 'createOutboxRepository'];

describe("a call's data access (decision 1345)", () => {
  it('offers every repository of the source folder, by its name (createUsersRepository: users)', async () => {
    const srcDir = path.resolve(import.meta.dirname, '..');
    const files = (readdirSync(srcDir, { recursive: true }) as string[]).filter((f) => f.endsWith('.repository.ts'));
    const data = dataFor(db, clinicScope(home.id));
    const missing: string[] = [];
    let factories = 0;
    for (const file of files) {
      const exports = await import(pathToFileURL(path.join(srcDir, file)).href);
      for (const name of Object.keys(exports).filter((n) => /^create\w+Repository$/.test(n))) {
        factories += 1;
        const property = name.replace(
          /^create(\w)(\w*)Repository$/,
          (_m, first: string, rest: string) => first.toLowerCase() + rest,
        );
        if (!builtBeneathTheModules.includes(name) && !(property in data)) missing.push(`${name} (${file})`);
      }
    }
    expect(factories).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });

  it('builds each repository on first use and keeps it for the rest of the call', () => {
    const data = dataFor(db, clinicScope(home.id));
    expect(Object.getOwnPropertyDescriptor(data, 'clinics')).toBeUndefined();
    const clinics = data.clinics;
    expect(data.clinics).toBe(clinics);
    expect(Object.getOwnPropertyDescriptor(data, 'clinics')?.value).toBe(clinics);
    // Another call gets its own.
    expect(dataFor(db, clinicScope(home.id)).clinics).not.toBe(clinics);
  });

  it("narrows every repository by the caller's scope: a therapist reaches their clinic, an admin every clinic", async () => {
    const therapist = callerOf(db, { id: 1, clinicId: home.id, clinicCode: home.code, role: 'therapist' });
    const admin = callerOf(db, { id: 2, clinicId: home.id, clinicCode: home.code, role: 'admin' });
    expect(therapist.data.scope).toEqual(clinicScope(home.id));
    expect(await therapist.data.clinics.findByCode(home.code)).toMatchObject({ id: home.id });
    expect(await therapist.data.clinics.findByCode(other.code)).toBeUndefined();
    expect(admin.data.scope).toEqual(crossClinic('platform admin'));
    expect(await admin.data.clinics.findByCode(other.code)).toMatchObject({ id: other.id });
  });

  it('gives another scope on the same connection with within', async () => {
    const data = dataFor(db, clinicScope(home.id));
    const there = data.within(clinicScope(other.id));
    expect(there.scope).toEqual(clinicScope(other.id));
    expect(there.db).toBe(data.db);
    expect(await there.clinics.findByCode(other.code)).toMatchObject({ id: other.id });
  });

  it('runs the repositories of a transaction on it: all of the work, or none', async () => {
    const data = dataFor(db, clinicScope(home.id));
    const failed = data.transaction(async (inside) => {
      expect(inside.db).not.toBe(data.db);
      expect(inside.scope).toEqual(data.scope);
      await inside.clinics.updateDetails({ name: 'Renamed inside the transaction' });
      expect((await inside.clinics.findByCode(home.code))?.name).toBe('Renamed inside the transaction');
      throw new Error('stop');
    });
    await expect(failed).rejects.toThrow('stop');
    expect((await data.clinics.findByCode(home.code))?.name).not.toBe('Renamed inside the transaction');

    await data.transaction((inside) => inside.clinics.updateDetails({ name: 'Renamed and kept' }));
    expect((await data.clinics.findByCode(home.code))?.name).toBe('Renamed and kept');
  });

  it('offers the repositories that run their own transaction only outside one', async () => {
    const data = dataFor(db, clinicScope(home.id));
    expect(data.progress).toBeDefined();
    await data.transaction(async (inside) => {
      expect('progress' in inside).toBe(false);
      expect('patientRecord' in inside).toBe(false);
      expect('hepProgram' in inside).toBe(false);
    });
  });
});

import { type AuditEntry, patientEndpoints } from '@rehabit/contract';
import { and, eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInAdmin, twoClinicsForFile } from '../../../test/patients-support.ts';
import { auditEvents } from '../../db/schema.ts';

// An admin's reads across clinics are audited under each named patient's own clinic (decision 1220): one row per
// clinic, naming only that clinic's patients, so every clinic's supervisor sees who read about their patients.

const ids = { home: [] as number[], away: [] as number[] };

const { t, call, home, away } = await twoClinicsForFile();
// As in the demo, the admin's own account belongs to one of the clinics.
const admin = await signedInAdmin(t, home.clinic.id);
for (const [clinic, list] of [
  [home, ids.home],
  [away, ids.away],
] as const) {
  for (let i = 0; i < 2; i += 1) list.push((await call.register(clinic.manager.token, { last_name: 'Crossley' })).id);
}

/** The id of the newest audit row: rows written after it are those of the next call. */
async function newestRowId() {
  const rows = await t.database.db.select({ id: auditEvents.id }).from(auditEvents);
  return Math.max(0, ...rows.map((row) => row.id));
}

/** The admin's rows of an action written after `since`, as clinic → the patient ids the row names. */
async function filedRows(action: string, since: number) {
  const rows = await t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.actorUserId, admin.id), gt(auditEvents.id, since)));
  return rows.map((row) => ({
    clinicId: row.clinicId,
    patientIds: [...((row.detail as { patient_ids?: number[] }).patient_ids ?? [])].sort((a, b) => a - b),
    detailKeys: Object.keys(row.detail as object).sort(),
  }));
}

const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

async function read(url: string, token = admin.token) {
  const res = await call.get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe("an admin's read of every clinic", () => {
  it.each([
    ['the patient list', ''],
    ['a search', '&search=Crossley'],
  ])('files %s under each listed patient’s clinic, one row each with its own patients', async (_, query) => {
    const since = await newestRowId();
    await read(`${patientEndpoints.list.path}?page_size=100${query}`);
    const rows = await filedRows('patient.list', since);
    expect(rows.map((row) => row.clinicId).sort()).toEqual([home.clinic.id, away.clinic.id].sort());
    const byClinic = new Map(rows.map((row) => [row.clinicId, row.patientIds]));
    expect(byClinic.get(home.clinic.id)).toEqual(sorted(ids.home));
    expect(byClinic.get(away.clinic.id)).toEqual(sorted(ids.away));
    // The whole list's count would tell each clinic how many patients the others hold.
    for (const row of rows) expect(row.detailKeys).toEqual(['page', 'patient_ids']);
  });

  it('files an empty page under the clinic read (the admin’s own for every clinic)', async () => {
    const since = await newestRowId();
    await read(`${patientEndpoints.list.path}?search=Nobody-by-that-name`);
    expect(await filedRows('patient.list', since)).toEqual([
      { clinicId: home.clinic.id, patientIds: [], detailKeys: ['count', 'page', 'patient_ids'] },
    ]);
  });

  it.each([
    ['audit.list', '/api/v1/admin/audit/?page_size=100'],
    ['audit.export', '/api/v1/admin/audit/export/'],
  ])('files a reading of the log (%s) under the clinics of the patients its rows name', async (action, url) => {
    // The log now holds the list reads above, in both clinics, naming their patients.
    await read(`${patientEndpoints.list.path}?page_size=100`);
    const since = await newestRowId();
    await read(url);
    const rows = await filedRows(action, since);
    const byClinic = new Map(rows.map((row) => [row.clinicId, row.patientIds]));
    expect([...byClinic.keys()].sort()).toEqual([home.clinic.id, away.clinic.id].sort());
    expect(byClinic.get(home.clinic.id)).toEqual(sorted(ids.home));
    expect(byClinic.get(away.clinic.id)).toEqual(sorted(ids.away));
  });

  it('files a reading of the log filtered on a patient under that patient’s clinic', async () => {
    const patientId = ids.away[0]!;
    const since = await newestRowId();
    await read(`/api/v1/admin/audit/?patient_id=${patientId}`);
    const [row, ...others] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'audit.list'), gt(auditEvents.id, since)));
    expect(others).toEqual([]);
    expect(row).toMatchObject({ clinicId: away.clinic.id, patientId });
  });

  it('shows in the other clinic’s log, to its supervisor, naming only that clinic’s patients', async () => {
    await read(`${patientEndpoints.list.path}?page_size=100`);
    await read('/api/v1/admin/audit/?page_size=100');
    const res = await read('/api/v1/admin/audit/?page_size=100', away.supervisor.token);
    const entries = (res.json().results as AuditEntry[]).filter((entry) => entry.actor?.id === admin.id);
    const actions = new Set(entries.map((entry) => entry.action));
    expect(actions).toContain('patient.list');
    expect(actions).toContain('audit.list');
    for (const entry of entries) {
      expect(entry.clinic_code).toBe(away.clinic.code);
      const named = (entry.detail as { patient_ids?: number[] } | null)?.patient_ids ?? [];
      expect(named.every((id) => !ids.home.includes(id))).toBe(true);
    }
    const listed = entries.find((entry) => entry.action === 'patient.list')!;
    expect(sorted((listed.detail as { patient_ids: number[] }).patient_ids)).toEqual(sorted(ids.away));
  });
});

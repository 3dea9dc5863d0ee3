import { fhirBulkEndpoints, hepEndpoints, pathOf, patientDataEndpoints, patientEndpoints } from '@rehabit/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type FhirJson, fhirErrorsOf } from '../../../test/fhir-validator.ts';
import { auditRows, makeVideo, sessionForPatient, setClinicTimezone } from '../../../test/hep-support.ts';
import { eventually } from '../../../test/month-close-support.ts';
import { signedInAdmin, twoClinicsForFile } from '../../../test/patients-support.ts';
import { fhirExports, patientEpisodes, patients } from '../../db/schema.ts';
import { createJobs } from '../../jobs/job-queue.ts';
import { runFhirBulkExports } from './fhir-bulk.jobs.ts';

const { t, call, home, away } = await twoClinicsForFile();
const db = t.database.db;
const supervisor = home.supervisor.token;
// The clinic's month runs on Chicago's clocks: March begins at 06:00 UTC.
await setClinicTimezone(db, home.clinic.id, 'America/Chicago');

/** A patient onboarded by the clinic, their episode moved to the given dates. */
async function patientInCare(token: string, clinic: typeof home, name: string, started: string, ended?: string) {
  const { id } = await call.register(token, { first_name: name, last_name: 'Export' });
  const onboard = await call.post(pathOf(patientEndpoints.onboard, { id }), clinic.manager.token, {
    diagnosis: 'M54.50',
    therapist: clinic.therapist.id,
  });
  expect(onboard.statusCode, onboard.body).toBe(200);
  await db
    .update(patientEpisodes)
    .set({ startedAt: new Date(started), endedAt: ended ? new Date(ended) : null })
    .where(eq(patientEpisodes.patientId, id));
  if (ended) await db.update(patients).set({ status: 'discharged' }).where(eq(patients.id, id));
  return id;
}

// In care across February and March, with readings, outcome scores and calls on both sides of March's start.
const ongoing = await patientInCare(home.therapist.token, home, 'Ongoing', '2026-02-10T15:00:00Z');
// In care in February only.
const february = await patientInCare(
  home.therapist.token,
  home,
  'February',
  '2026-02-03T15:00:00Z',
  '2026-02-20T15:00:00Z',
);
// Registered, never in care.
const { id: registered } = await call.register(home.therapist.token, { first_name: 'Waiting' });
// Another clinic's patient in care in March.
const elsewhere = await patientInCare(away.therapist.token, away, 'Elsewhere', '2026-02-10T15:00:00Z');

const squat = await makeVideo(db, { clinicId: home.clinic.id, ownerUserId: home.therapist.id, title: 'Wall squat' });
expect(
  (
    await call.post(pathOf(hepEndpoints.program, { dashboardId: ongoing }), home.therapist.token, [
      { video_id: squat.id, sets: 2, reps: 12 },
    ])
  ).statusCode,
).toBe(201);
const phone = await sessionForPatient(t, ongoing);
expect(
  (
    await call.post('/api/v1/patient/health-data/', phone.token, {
      source: 'manual',
      entries: [
        { kind: 'painlevel', value: 6, measured_at: '2026-02-27T14:00:00Z' },
        // 21:00 on February 28 in Chicago: February's.
        { kind: 'painlevel', value: 5, measured_at: '2026-03-01T03:00:00Z' },
        { kind: 'painlevel', value: 3, measured_at: '2026-03-01T14:00:00Z' },
        { kind: 'steps', value: 4200, measured_at: '2026-03-02T13:00:00Z' },
      ],
    })
  ).statusCode,
).toBe(200);
expect(
  (
    await call.post(pathOf(patientDataEndpoints.addFunctionalData, { patientId: ongoing }), home.therapist.token, {
      datatype_id: 5,
      entries: [
        { date: '2026-02-27', answers: [2, 2, 1, 3, 2, 1, 0, 2, 1, 2] },
        { date: '2026-03-01', answers: [1, 1, 1, 1, 1, 1, 0, 1, 1, 1] },
      ],
    })
  ).statusCode,
).toBe(201);
for (const date of ['2026-02-26', '2026-03-02']) {
  const logged = await call.post(pathOf(patientEndpoints.logInteraction, { id: ongoing }), home.therapist.token, {
    date,
    start_time: '08:00',
    minutes: 12,
    kind: 'phone',
  });
  expect(logged.statusCode, logged.body).toBe(201);
}

// The job queue's worker of this server, started once the first test has seen exports wait for it.
const worker = createJobs({
  database: t.database,
  log: { error: () => {} },
  options: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 0, stopTimeoutMs: 1000 },
});
afterAll(() => worker.stop());

type Export = {
  id: number;
  month: string;
  status: string;
  patients_done: number;
  patients_total: number | null;
  requested_by: { id: number; name: string } | null;
  files: { type: string; name: string; count: number }[];
};

const start = (token: string, year: number, month: number, clinicCode?: string) =>
  call.post(`${pathOf(fhirBulkEndpoints.start)}${clinicCode ? `?clinic_code=${clinicCode}` : ''}`, token, {
    year,
    month,
  });
const stateOf = async (id: number, token = supervisor) =>
  (await call.get(pathOf(fhirBulkEndpoints.state, { id }), token)).json() as Export;
const done = async (id: number, token = supervisor) => {
  await eventually(async () => ['done', 'failed'].includes((await stateOf(id, token)).status));
  return stateOf(id, token);
};

/** How many of the export jobs wait for a retry. */
const retries = async () =>
  (
    (await db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'fhir-bulk-export' AND state = 'retry'`,
    )) as unknown as { rows: { n: number }[] }
  ).rows[0]!.n;

/** The resources of a made export's file, each line parsed, after checking the answer is NDJSON. */
async function linesOf(id: number, type: string, token = supervisor): Promise<FhirJson[]> {
  const res = await call.get(pathOf(fhirBulkEndpoints.download, { id, type }), token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/fhir+ndjson');
  expect(res.body.endsWith('\n')).toBe(true);
  return res.body
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as FhirJson);
}

let march: Export;

describe("a clinic month's FHIR bulk export", () => {
  it('is started once: asked again while it waits, the same export answers', async () => {
    const first = await start(supervisor, 2026, 3);
    expect(first.statusCode, first.body).toBe(202);
    march = first.json();
    expect(march).toMatchObject({ month: '2026-03', status: 'queued', patients_done: 0, files: [] });
    expect(march.requested_by).toEqual({ id: home.supervisor.id, name: expect.any(String) });
    // Its files come once it is made.
    const early = await call.get(pathOf(fhirBulkEndpoints.download, { id: march.id, type: 'Patient' }), supervisor);
    expect(early.statusCode).toBe(409);
    const again = await start(supervisor, 2026, 3);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(march.id);
    // One row, one request audited, one job waiting.
    expect(await db.select().from(fhirExports).where(eq(fhirExports.clinicId, home.clinic.id))).toHaveLength(1);
    const requests = await auditRows(db, 'fhir.bulk_export_request');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ clinicId: home.clinic.id, actorUserId: home.supervisor.id });
    expect(requests[0]!.detail).toMatchObject({ export_id: march.id, month: '2026-03' });
    const jobs = (await db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'fhir-bulk-export' AND (data->>'exportId')::int = ${march.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(jobs.rows[0]!.n).toBe(1);
  });

  it('starts one export when the month is asked for twice at the same moment', async () => {
    const [first, second] = await Promise.all([start(supervisor, 2025, 11), start(supervisor, 2025, 11)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 202]);
    expect(first.json().id).toBe(second.json().id);
    expect(await db.select().from(fhirExports).where(eq(fhirExports.month, '2025-11'))).toHaveLength(1);
  });

  it('refuses a month that has not started in the clinic, and changes nothing', async () => {
    const res = await start(supervisor, 2026, 4);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
    expect(await db.select().from(fhirExports).where(eq(fhirExports.month, '2026-04'))).toEqual([]);
  });

  it("is made by the job: one valid NDJSON file per type, of the month's patients and resources only", async () => {
    await worker.start();
    await runFhirBulkExports(worker, t.app.fhirBulkExport);
    const made = await done(march.id);
    expect(made.status).toBe('done');
    expect(made).toMatchObject({ patients_done: 1, patients_total: 1 });
    expect(made.files).toEqual([
      { type: 'Patient', name: 'Patient.ndjson', count: 1 },
      { type: 'Organization', name: 'Organization.ndjson', count: 1 },
      { type: 'Practitioner', name: 'Practitioner.ndjson', count: 1 },
      { type: 'PractitionerRole', name: 'PractitionerRole.ndjson', count: 1 },
      { type: 'Condition', name: 'Condition.ndjson', count: 1 },
      { type: 'CarePlan', name: 'CarePlan.ndjson', count: 1 },
      { type: 'Observation', name: 'Observation.ndjson', count: 4 },
      { type: 'Encounter', name: 'Encounter.ndjson', count: 1 },
    ]);
    for (const file of made.files) {
      const resources = await linesOf(march.id, file.type);
      expect(resources).toHaveLength(file.count);
      for (const resource of resources) {
        expect(resource.resourceType).toBe(file.type);
        expect(fhirErrorsOf(resource), `${file.type}/${resource.id}`).toEqual([]);
      }
    }
    expect((await linesOf(march.id, 'Patient')).map((p) => p.id)).toEqual([String(ongoing)]);
    const observations = await linesOf(march.id, 'Observation');
    // Two readings and an outcome measure of March, and March 2's exercise day (the program's first).
    expect(observations.map((o) => o.effectiveDateTime).sort()).toEqual([
      '2026-03-01',
      '2026-03-01T14:00:00.000Z',
      '2026-03-02',
      '2026-03-02T13:00:00.000Z',
    ]);
    const [encounter] = await linesOf(march.id, 'Encounter');
    expect(encounter!.period.start.slice(0, 10)).toBe('2026-03-02');
  });

  it('holds in February the patients in care then, each shared resource once', async () => {
    const res = await start(supervisor, 2026, 2);
    expect(res.statusCode).toBe(202);
    const made = await done(res.json().id);
    const ids = (await linesOf(made.id, 'Patient')).map((p) => Number(p.id)).sort();
    expect(ids).toEqual([ongoing, february].sort());
    expect(ids).not.toContain(registered);
    expect(ids).not.toContain(elsewhere);
    expect(await linesOf(made.id, 'Organization')).toHaveLength(1);
    expect((await linesOf(made.id, 'Practitioner')).map((p) => p.id)).toEqual([`staff-${home.therapist.id}`]);
    const observations = await linesOf(made.id, 'Observation');
    expect(observations.map((o) => o.effectiveDateTime).sort()).toEqual([
      '2026-02-27',
      '2026-02-27T14:00:00.000Z',
      '2026-03-01T03:00:00.000Z',
    ]);
    expect(observations.every((o) => o.subject.reference === `Patient/${ongoing}`)).toBe(true);
  });

  it('is audited when made, with its month, counts and patients, and at each download', async () => {
    const [completed] = (await auditRows(db, 'fhir.bulk_export_complete')).filter(
      (row) => (row.detail as { export_id: number }).export_id === march.id,
    );
    expect(completed).toMatchObject({ clinicId: home.clinic.id, actorUserId: null });
    expect(completed!.detail).toMatchObject({
      month: '2026-03',
      patient_ids: [ongoing],
      resources: { Patient: 1, Observation: 4, Encounter: 1 },
    });
    const before = (await auditRows(db, 'fhir.bulk_export_download')).length;
    await linesOf(march.id, 'Encounter');
    const downloads = await auditRows(db, 'fhir.bulk_export_download');
    expect(downloads).toHaveLength(before + 1);
    expect(downloads.at(-1)).toMatchObject({ clinicId: home.clinic.id, actorUserId: home.supervisor.id });
    expect(downloads.at(-1)!.detail).toMatchObject({
      export_id: march.id,
      type: 'Encounter',
      count: 1,
      patient_ids: [ongoing],
    });
  });

  it('runs again from the start after a run stopped midway, and leaves one complete export', async () => {
    // The first run stops as the first patient is counted done, as a server killed at that moment would.
    await db.execute(sql`CREATE SEQUENCE fhir_stop_once`);
    await db.execute(sql`
      CREATE FUNCTION fhir_stop_midway() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.patients_done = 1 AND NEW.month = '2026-01' AND nextval('fhir_stop_once') = 1 THEN
          RAISE EXCEPTION 'the server stopped';
        END IF;
        RETURN NEW;
      END $$`);
    await db.execute(
      sql`CREATE TRIGGER fhir_stop_midway BEFORE UPDATE ON fhir_exports FOR EACH ROW EXECUTE FUNCTION fhir_stop_midway()`,
    );
    try {
      await patientInCare(home.therapist.token, home, 'January', '2026-01-05T15:00:00Z', '2026-01-25T15:00:00Z');
      await db
        .update(patientEpisodes)
        .set({ startedAt: new Date('2026-01-10T15:00:00Z') })
        .where(eq(patientEpisodes.patientId, ongoing));
      const res = await start(supervisor, 2026, 1);
      const { id } = res.json() as Export;
      // The run failed midway: the export waits for the queue's retry, with no file. The retry's wait passes.
      await eventually(async () => (await stateOf(id)).status === 'queued' && (await retries()) === 1);
      expect(await stateOf(id)).toMatchObject({ status: 'queued', files: [] });
      await db.execute(
        sql`UPDATE pgboss.job SET start_after = now() WHERE name = 'fhir-bulk-export' AND state = 'retry'`,
      );
      const made = await done(id);
      expect(made).toMatchObject({ status: 'done', patients_done: 2, patients_total: 2 });
      const [row] = await db.select().from(fhirExports).where(eq(fhirExports.id, made.id));
      expect(row!.attempts).toBe(2);
      expect((await linesOf(made.id, 'Patient')).map((p) => p.id)).toHaveLength(2);
      const completions = (await auditRows(db, 'fhir.bulk_export_complete')).filter(
        (r) => (r.detail as { export_id: number }).export_id === made.id,
      );
      expect(completions).toHaveLength(1);
      expect(await db.select().from(fhirExports).where(eq(fhirExports.month, '2026-01'))).toHaveLength(1);
    } finally {
      await db.execute(sql`DROP TRIGGER fhir_stop_midway ON fhir_exports`);
      await db
        .update(patientEpisodes)
        .set({ startedAt: new Date('2026-02-10T15:00:00Z') })
        .where(eq(patientEpisodes.patientId, ongoing));
    }
  });

  it('takes an export whose job gave no sign of life for long as failed, and starts a new one', async () => {
    const stale = await db
      .insert(fhirExports)
      .values({
        clinicId: home.clinic.id,
        month: '2025-12',
        status: 'running',
        requestedBy: home.supervisor.id,
        updatedAt: new Date('2026-03-02T13:00:00Z'),
      })
      .returning({ id: fhirExports.id });
    expect((await stateOf(stale[0]!.id)).status).toBe('failed');
    const res = await start(supervisor, 2025, 12);
    expect(res.statusCode).toBe(202);
    expect(res.json().id).not.toBe(stale[0]!.id);
    expect((await done(res.json().id)).status).toBe('done');
  });

  it('lists the clinic’s exports newest first, a page at a time, and of one month', async () => {
    const page = await call.get(`${pathOf(fhirBulkEndpoints.list)}?page_size=2`, supervisor);
    expect(page.statusCode).toBe(200);
    const body = page.json() as { count: number; next: number | null; results: Export[] };
    expect(body.count).toBe(6);
    expect(body.next).toBe(2);
    expect(body.results[0]!.id).toBeGreaterThan(body.results[1]!.id);
    const ofMarch = (await call.get(`${pathOf(fhirBulkEndpoints.list)}?month=2026-03`, supervisor)).json();
    expect(ofMarch.results.map((e: Export) => e.id)).toEqual([march.id]);
  });
});

describe('who may export', () => {
  it('refuses therapists and office managers', async () => {
    for (const token of [home.therapist.token, home.manager.token]) {
      expect((await start(token, 2026, 3)).statusCode).toBe(403);
      expect((await call.get(pathOf(fhirBulkEndpoints.state, { id: march.id }), token)).statusCode).toBe(403);
      expect(
        (await call.get(pathOf(fhirBulkEndpoints.download, { id: march.id, type: 'Patient' }), token)).statusCode,
      ).toBe(403);
    }
  });

  it("answers another clinic's export and clinic as not found", async () => {
    const token = away.supervisor.token;
    expect((await call.get(pathOf(fhirBulkEndpoints.state, { id: march.id }), token)).statusCode).toBe(404);
    const before = (await auditRows(db, 'fhir.bulk_export_download')).length;
    expect(
      (await call.get(pathOf(fhirBulkEndpoints.download, { id: march.id, type: 'Patient' }), token)).statusCode,
    ).toBe(404);
    expect(await auditRows(db, 'fhir.bulk_export_download')).toHaveLength(before);
    const list = await call.get(`${pathOf(fhirBulkEndpoints.list)}?clinic_code=${home.clinic.code}`, token);
    expect(list.statusCode).toBe(404);
    expect((await start(token, 2026, 3, home.clinic.code)).statusCode).toBe(404);
    // Their own clinic's list holds none of the other's.
    expect((await call.get(pathOf(fhirBulkEndpoints.list), token)).json().count).toBe(0);
  });

  it('lets an admin export the clinic they choose, and asks them to choose one', async () => {
    const admin = await signedInAdmin(t, away.clinic.id);
    expect((await start(admin.token, 2026, 3)).statusCode).toBe(400);
    const res = await start(admin.token, 2026, 3, away.clinic.code);
    expect(res.statusCode).toBe(202);
    const made = await done(res.json().id, admin.token);
    expect((await linesOf(made.id, 'Patient', admin.token)).map((p) => Number(p.id))).toEqual([elsewhere]);
    // The admin reads the home clinic's export too.
    expect((await stateOf(march.id, admin.token)).id).toBe(march.id);
  });

  it('answers a type the export has no file of as not found, and a bad type as 400', async () => {
    const missing = await call.get(
      pathOf(fhirBulkEndpoints.download, { id: march.id, type: 'ChargeItem' }),
      supervisor,
    );
    expect(missing.statusCode).toBe(404);
    const bad = await call.get(pathOf(fhirBulkEndpoints.download, { id: march.id, type: 'patient;drop' }), supervisor);
    expect(bad.statusCode).toBe(400);
    const [row] = await db
      .select()
      .from(fhirExports)
      .where(and(eq(fhirExports.id, march.id), eq(fhirExports.status, 'done')));
    expect(row).toBeDefined();
  });
});

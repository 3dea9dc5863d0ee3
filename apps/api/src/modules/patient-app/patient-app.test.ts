import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../../test/helpers.ts';
import { makeVideo } from '../../../test/hep-support.ts';
import { signedInPatient, verifyPhone } from '../../../test/patient-app-support.ts';
import { twoClinicsForFile } from '../../../test/patients-support.ts';
import { auditEvents, clinics, exerciseLogs, healthMetrics, hepItems } from '../../db/schema.ts';

// The test clock starts at 2026-03-02T15:00:00Z: 10:00 on Monday, March 2 in New York.
const { t, call, home, away } = await twoClinicsForFile();
await t.database.db.update(clinics).set({ timezone: 'America/New_York' });

const auditOf = (action: string, patientId: number) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.patientId, patientId)));

/** Exercise done on the given clinic days (one log each), through a program item of the patient. */
async function exercisedOn(patientId: number, clinicId: number, days: string[]) {
  const db = t.database.db;
  const video = await makeVideo(db, { clinicId, title: 'Heel slides', sets: 2, reps: 10 });
  const [item] = await db
    .insert(hepItems)
    .values({ clinicId, patientId, videoId: video.id, position: 0, sets: 2, reps: 10 })
    .returning({ id: hepItems.id });
  for (const day of days) {
    await db.insert(exerciseLogs).values({
      clinicId,
      patientId,
      hepItemId: item!.id,
      performedAt: new Date(`${day}T17:00:00Z`),
      localDate: day,
      setsDone: 2,
      clientId: randomUUID(),
    });
  }
}

describe('GET /api/v1/patient/me/', () => {
  it("answers the patient's own profile with the streak up to today in the clinic's timezone", async () => {
    const patient = await signedInPatient(t.app, t.database.db, home.manager.token, { first_name: 'Ana' });
    await call.post(`/api/v1/patients/${patient.id}/onboard/`, home.manager.token, {
      diagnosis: 'M54.50',
      therapist: home.therapist.id,
    });
    // Yesterday and the two days before, with a gap before them: today has nothing yet and keeps the streak.
    await exercisedOn(patient.id, home.clinic.id, ['2026-02-25', '2026-02-27', '2026-02-28', '2026-03-01']);
    const res = await call.get('/api/v1/patient/me/', patient.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: patient.id,
      first_name: 'Ana',
      clinic: { code: home.clinic.code, timezone: 'America/New_York' },
      therapist: { id: home.therapist.id },
      status: 'onboarded',
      streak: 3,
    });
    expect(await auditOf('patient.self_read', patient.id)).toHaveLength(1);

    // 01:00 UTC on March 3 is still March 2 in New York: a log that day makes it four.
    t.clock.advanceMinutes(10 * 60);
    await exercisedOn(patient.id, home.clinic.id, ['2026-03-02']);
    const { token } = (await verifyPhone(t.app, t.database.db, patient.phone)).json();
    expect((await call.get('/api/v1/patient/me/', token)).json().streak).toBe(4);
    t.clock.advanceMinutes(-10 * 60);
  });

  it('refuses staff, strangers and the removed', async () => {
    expectProblem(await call.get('/api/v1/patient/me/', home.therapist.token), 403, 'forbidden');
    expectProblem(await call.get('/api/v1/patient/me/'), 401);
    const patient = await signedInPatient(t.app, t.database.db, home.manager.token);
    await call.post(`/api/v1/patients/${patient.id}/remove/`, home.manager.token);
    expectProblem(await call.get('/api/v1/patient/me/', patient.token), 401);
  });
});

describe('POST /api/v1/patient/health-data/', () => {
  const send = (token: string, body: unknown) => call.post('/api/v1/patient/health-data/', token, body as object);

  it('stores a batch once, counting duplicates, with each day in the clinic timezone', async () => {
    const patient = await signedInPatient(t.app, t.database.db, home.manager.token);
    const batch = {
      source: 'apple_health',
      entries: [
        { kind: 'steps', value: 4200, measured_at: '2026-03-02T03:30:00Z' },
        { kind: 'heart_rate', value: 72, measured_at: '2026-03-02T09:00:00-05:00' },
        { kind: 'painlevel', value: 3, measured_at: '2026-03-01T12:00:00Z' },
      ],
    };
    const first = await send(patient.token, batch);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ created: 3, duplicates: 0 });

    // The same instant written in another offset is the same reading.
    const again = await send(patient.token, {
      ...batch,
      entries: [
        { kind: 'heart_rate', value: 72, measured_at: '2026-03-02T14:00:00Z' },
        { kind: 'steps', value: 4200, measured_at: '2026-03-02T03:30:00Z' },
        { kind: 'steps', value: 900, measured_at: '2026-03-02T14:30:00Z' },
        { kind: 'steps', value: 900, measured_at: '2026-03-02T14:30:00Z' },
      ],
    });
    expect(again.json()).toEqual({ created: 1, duplicates: 3 });
    // Another source's reading of the same instant is its own.
    const manual = await send(patient.token, {
      source: 'manual',
      entries: [{ kind: 'steps', value: 4200, measured_at: '2026-03-02T03:30:00Z' }],
    });
    expect(manual.json()).toEqual({ created: 1, duplicates: 0 });

    const rows = await t.database.db.select().from(healthMetrics).where(eq(healthMetrics.patientId, patient.id));
    expect(rows).toHaveLength(5);
    const early = rows.find((r) => r.kind === 'steps' && r.source === 'apple_health' && r.value === 4200);
    // 03:30 UTC on March 2 is 22:30 on March 1 in New York.
    expect(early).toMatchObject({ localDate: '2026-03-01', clinicId: home.clinic.id });
    expect(rows.find((r) => r.kind === 'heart_rate')!.localDate).toBe('2026-03-02');

    const audits = await auditOf('health_data.received', patient.id);
    expect(audits.map((a) => a.detail)).toMatchObject([
      { created: 3, duplicates: 0, source: 'apple_health' },
      { created: 1, duplicates: 3 },
      { created: 1, duplicates: 0, source: 'manual' },
    ]);
  });

  it('refuses readings from the future or before 2020, naming the entry, and stores nothing', async () => {
    const patient = await signedInPatient(t.app, t.database.db, home.manager.token);
    const future = expectProblem(
      await send(patient.token, {
        source: 'manual',
        entries: [
          { kind: 'steps', value: 10, measured_at: '2026-03-02T15:04:00Z' },
          { kind: 'steps', value: 10, measured_at: '2026-03-02T15:06:00Z' },
        ],
      }),
      400,
      'validation_failed',
    );
    expect(Object.keys(future.errors!)).toEqual(['entries.1.measured_at']);
    const old = expectProblem(
      await send(patient.token, {
        source: 'manual',
        entries: [{ kind: 'painlevel', value: 2, measured_at: '2019-12-31T23:59:00Z' }],
      }),
      400,
    );
    expect(old.errors).toHaveProperty(['entries.0.measured_at']);
    const rows = await t.database.db.select().from(healthMetrics).where(eq(healthMetrics.patientId, patient.id));
    expect(rows).toEqual([]);
  });

  it('answers bad input with 400 and other roles with 403', async () => {
    const patient = await signedInPatient(t.app, t.database.db, away.manager.token);
    const entry = { kind: 'steps', value: 10, measured_at: '2026-03-02T10:00:00Z' };
    expectProblem(await send(patient.token, { source: 'manual', entries: [] }), 400);
    expectProblem(await send(patient.token, { source: 'fitbit', entries: [entry] }), 400);
    expectProblem(await send(patient.token, { source: 'manual', entries: [{ ...entry, kind: 'engagement' }] }), 400);
    expectProblem(await send(patient.token, { source: 'manual', entries: [{ ...entry, value: -1 }] }), 400);
    expectProblem(await send(patient.token, { source: 'manual', entries: [{ ...entry, value: 1.5 }] }), 400);
    expectProblem(
      await send(patient.token, { source: 'manual', entries: [{ ...entry, measured_at: '2026-03-02T10:00:00' }] }),
      400,
    );
    expectProblem(
      await send(patient.token, { source: 'manual', entries: Array.from({ length: 1001 }, () => entry) }),
      400,
    );
    expectProblem(await send(away.therapist.token, { source: 'manual', entries: [entry] }), 403);
    const rows = await t.database.db.select().from(healthMetrics).where(eq(healthMetrics.patientId, patient.id));
    expect(rows).toEqual([]);
  });
});

/**
 * The reads that write their own audit row in the statement that reads (decision 1101): every successful read
 * leaves exactly one row, with who, which clinic, which patient and from where, committed before the answer; a
 * refused read leaves a denied row and no success.
 */
import { hepEndpoints, pathOf } from '@rehabit/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, patients } from '../src/db/schema.ts';
import { expectProblem } from './helpers.ts';
import { makeVideo } from './hep-support.ts';
import { twoClinicsForFile } from './patients-support.ts';

const { t, call, home, away } = await twoClinicsForFile();

const rowsOf = (action: string, patientId: number) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.patientId, patientId)))
    .orderBy(auditEvents.id);
const deniedOf = async (action: string, actorUserId: number, patientId: number) =>
  (
    await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, action),
          eq(auditEvents.outcome, 'denied'),
          eq(auditEvents.actorUserId, actorUserId),
        ),
      )
  ).filter((e) => (e.detail as { patient_id?: number } | null)?.patient_id === patientId);

describe("a patient's record", () => {
  it('writes one success row per read, before the answer, and none for another clinic', async () => {
    const { id } = await call.register(home.therapist.token);
    for (let i = 0; i < 3; i++)
      expect((await call.get(`/api/v1/patients/${id}/`, home.manager.token)).statusCode).toBe(200);
    const rows = await rowsOf('patient.read', id);
    expect(rows).toHaveLength(3);
    for (const row of rows)
      expect(row).toMatchObject({
        outcome: 'success',
        actorUserId: home.manager.id,
        clinicId: home.clinic.id,
        patientId: id,
        ip: '127.0.0.1',
      });

    expectProblem(await call.get(`/api/v1/patients/${id}/`, away.therapist.token), 404, 'not_found');
    expect(await rowsOf('patient.read', id)).toHaveLength(3);
    expect(await deniedOf('patient.read', away.therapist.id, id)).toMatchObject([
      { outcome: 'denied', clinicId: away.clinic.id, patientId: null },
    ]);
  });

  it('answers the record as before: contact status for onboarded patients, 404 once removed', async () => {
    const { id } = await call.register(home.therapist.token);
    const registered = (await call.get(`/api/v1/patients/${id}/`, home.therapist.token)).json();
    expect(registered).toMatchObject({ id, status: 'registered', call_status: null, chat_freshness: null });
    await t.database.db.update(patients).set({ status: 'removed' }).where(eq(patients.id, id));
    expectProblem(await call.get(`/api/v1/patients/${id}/`, home.therapist.token), 404);
    expect(await rowsOf('patient.read', id)).toHaveLength(1);
  });
});

describe("a patient's program", () => {
  it('writes one success row per read with the item count, for an empty program too', async () => {
    const { id } = await call.register(home.therapist.token);
    const program = pathOf(hepEndpoints.program, { dashboardId: id });
    expect((await call.get(program, home.therapist.token)).json()).toEqual({ results: [], count: 0, updated_at: null });
    const video = await makeVideo(t.database.db, { clinicId: home.clinic.id, ownerUserId: home.therapist.id });
    expect((await call.post(program, home.therapist.token, [{ video_id: video.id }])).statusCode).toBe(201);
    const read = (await call.get(program, home.manager.token)).json();
    expect(read).toMatchObject({ count: 1, results: [{ video_id: video.id, order: 0 }] });
    expect(read.updated_at).not.toBeNull();

    const rows = await rowsOf('hep.read', id);
    expect(rows.map((r) => [r.outcome, r.actorUserId, r.clinicId, r.ip, r.detail])).toEqual([
      ['success', home.therapist.id, home.clinic.id, '127.0.0.1', { count: 0 }],
      ['success', home.manager.id, home.clinic.id, '127.0.0.1', { count: 1 }],
    ]);

    expectProblem(await call.get(program, away.therapist.token), 404);
    expect(await rowsOf('hep.read', id)).toHaveLength(2);
    expect(await deniedOf('hep.read', away.therapist.id, id)).toHaveLength(1);
  });
});

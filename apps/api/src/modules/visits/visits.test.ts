import { type VisitAck, type VisitEnded, visitEvents } from '@rehabit/contract';
import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { chatTestbedForFile, settle } from '../../../test/chat-support.ts';
import { expectProblem } from '../../../test/helpers.ts';
import { sessionForPatient } from '../../../test/hep-support.ts';
import { auditEvents, interactionLogs, videoVisits } from '../../db/schema.ts';
import { crossClinic } from '../../db/scope.ts';
import { dataFor } from '../data-access.ts';

const { t, call, home, away, listen } = await chatTestbedForFile();
const db = t.database.db;

type Device = { socket: Socket; heard: Map<string, unknown[]> };
/** A live client that keeps every visit event it hears. */
async function device(token: string): Promise<Device> {
  const { socket } = await listen(token);
  const heard = new Map<string, unknown[]>();
  socket.onAny((event: string, payload: unknown) => heard.set(event, [...(heard.get(event) ?? []), payload]));
  return { socket, heard };
}
const send = <T = Record<string, unknown>>(d: Device, event: string, body: unknown): Promise<VisitAck<T>> =>
  d.socket.timeout(5000).emitWithAck(event, body);
const heardOf = (d: Device, event: string) => d.heard.get(event) ?? [];

/** An onboarded patient with an account in the app, and a device of theirs. */
async function patientInCare() {
  const patient = await call.register(home.therapist.token);
  const onboarded = await call.post(`/api/v1/patients/${patient.id}/onboard/`, home.therapist.token, {
    diagnosis: 'M54.50',
    therapist: home.therapist.id,
  });
  expect(onboarded.statusCode, onboarded.body).toBe(200);
  const account = await sessionForPatient(t, patient.id);
  return { id: patient.id, account, phone: await device(account.token) };
}

/** A visit started by the home therapist and answered on the patient's phone. */
async function answeredVisit() {
  const patient = await patientInCare();
  const staff = await device(home.therapist.token);
  const started = await send<{ visit_id: number; ice_servers: unknown[] }>(staff, visitEvents.start, {
    patient_id: patient.id,
  });
  if ('problem' in started) throw new Error(JSON.stringify(started));
  const visitId = started.visit_id;
  expect(await send(patient.phone, visitEvents.join, { visit_id: visitId })).toMatchObject({ side: 'patient' });
  return { patient, staff, visitId };
}

const connected = (d: Device, visitId: number, state: 'connected' | 'disconnected' = 'connected') =>
  send<{ connected_seconds: number }>(d, visitEvents.connection, { visit_id: visitId, state });
const hangUp = (d: Device, visitId: number) => send<VisitEnded>(d, visitEvents.hangUp, { visit_id: visitId });
const visitRow = async (id: number) => (await db.select().from(videoVisits).where(eq(videoVisits.id, id)))[0]!;
const logsOf = (patientId: number) => db.select().from(interactionLogs).where(eq(interactionLogs.patientId, patientId));
const auditsOf = (
  action: 'visit.end' | 'visit.refused' | 'visit.start' | 'visit.join' | 'interaction.update_note',
  actorUserId?: number,
) =>
  db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, action),
        actorUserId === undefined ? undefined : eq(auditEvents.actorUserId, actorUserId),
      ),
    );
const sweep = () => t.app.videoVisits.sweep(dataFor(db, crossClinic('scheduled job')));

describe('a video visit', () => {
  it('rings the patient, relays signals to the other side only, and logs 65 s connected as a 1-minute video call', async () => {
    const patient = await patientInCare();
    const staff = await device(home.therapist.token);
    const colleague = await device(home.manager.token);
    const started = await send<{ visit_id: number; ice_servers: unknown[] }>(staff, visitEvents.start, {
      patient_id: patient.id,
    });
    if ('problem' in started) throw new Error(JSON.stringify(started));
    expect(started.ice_servers).toEqual([]);
    await settle();
    expect(heardOf(patient.phone, visitEvents.ring)).toEqual([
      { visit_id: started.visit_id, staff_name: expect.stringMatching(/\S/) },
    ]);
    const visitId = started.visit_id;

    const joined = await send(patient.phone, visitEvents.join, { visit_id: visitId });
    expect(joined).toMatchObject({ visit_id: visitId, side: 'patient', other_joined: true });
    const offer = { visit_id: visitId, description: { type: 'offer', sdp: 'v=0 offer' } };
    expect(await send(staff, visitEvents.signal, offer)).toEqual({ relayed: true });
    const candidate = { visit_id: visitId, candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host' } };
    expect(await send(patient.phone, visitEvents.signal, candidate)).toEqual({ relayed: true });
    await settle();
    expect(heardOf(staff, visitEvents.joined)).toEqual([{ visit_id: visitId, side: 'patient' }]);
    expect(heardOf(patient.phone, visitEvents.signal)).toEqual([offer]);
    expect(heardOf(staff, visitEvents.signal)).toEqual([candidate]);
    expect(heardOf(colleague, visitEvents.signal)).toEqual([]);
    expect(heardOf(colleague, visitEvents.ring)).toEqual([]);

    await connected(staff, visitId);
    t.clock.advanceSeconds(3);
    await connected(patient.phone, visitId);
    t.clock.advanceSeconds(65);
    expect(await connected(staff, visitId)).toMatchObject({ connected_seconds: 65 });
    const end = (await hangUp(staff, visitId)) as VisitEnded;
    expect(end).toEqual({ visit_id: visitId, reason: 'hang_up', logged_minutes: 1, log_id: expect.any(Number) });
    await settle();
    expect(heardOf(patient.phone, visitEvents.ended)).toEqual([end]);

    const logs = (await call.get(`/api/v1/patients/${patient.id}/log_interaction/`, home.therapist.token)).json();
    expect(logs.results).toHaveLength(1);
    expect(logs.results[0]).toMatchObject({
      kind: 'video',
      minutes: 1,
      notes: '',
      created_by: { id: home.therapist.id },
    });
    const row = await visitRow(visitId);
    expect(new Date(logs.results[0].started_at)).toEqual(new Date(JSON.parse(JSON.stringify(row.connectedFrom))));
    expect(row).toMatchObject({ endReason: 'hang_up', connectedSeconds: 65, interactionLogId: logs.results[0].id });
    expect(end.log_id).toBe(logs.results[0].id);

    // The clinician adds what was said to the entry the visit wrote; another clinic's therapist cannot.
    const note = { log: end.log_id, notes: 'Reviewed knee flexion on video; progressing.' };
    const notePath = `/api/v1/patients/${patient.id}/log_interaction/note/`;
    expectProblem(await call.post(notePath, away.therapist.token, note), 404);
    expectProblem(await call.post(notePath, home.therapist.token, { ...note, notes: 'x'.repeat(2001) }), 400);
    expectProblem(await call.post(notePath, home.therapist.token, { ...note, notes: '   ' }), 400);
    const noted = await call.post(notePath, home.therapist.token, note);
    expect(noted.statusCode, noted.body).toBe(200);
    expect(noted.json()).toMatchObject({ id: end.log_id, kind: 'video', minutes: 1, notes: note.notes });
    expect(await auditsOf('interaction.update_note')).toHaveLength(1);

    const month = (await call.get(`/api/v1/patients/${patient.id}/monitoring/`, home.therapist.token)).json();
    expect(month).toMatchObject({ call_minutes: 1, has_live_call: true });
    const csv = (await call.get(`/api/v1/patients/${patient.id}/monitoring/export/`, home.therapist.token)).body;
    expect(csv).toMatch(/,video visit,[^,]+,[^,]+,60,/);
    // A call typed in by hand keeps the note it was logged with.
    const typed = await call.post(`/api/v1/patients/${patient.id}/log_interaction/`, home.therapist.token, {
      date: logs.results[0].date,
      start_time: '00:30',
      minutes: 5,
      notes: 'Typed on the day',
    });
    expect(typed.statusCode, typed.body).toBe(201);
    expectProblem(await call.post(notePath, home.therapist.token, { log: typed.json().id, notes: 'Changed' }), 409);
  });

  it('logs nothing for 50 s connected', async () => {
    const { patient, staff, visitId } = await answeredVisit();
    await connected(staff, visitId);
    await connected(patient.phone, visitId);
    t.clock.advanceSeconds(50);
    expect(await hangUp(patient.phone, visitId)).toEqual({
      visit_id: visitId,
      reason: 'hang_up',
      logged_minutes: 0,
      log_id: null,
    });
    expect(await logsOf(patient.id)).toEqual([]);
    expect((await visitRow(visitId)).connectedSeconds).toBe(50);
  });

  it('continues one visit when a side drops and comes back within 60 s, counting the overlap without the gap', async () => {
    const { patient, staff, visitId } = await answeredVisit();
    await connected(staff, visitId);
    await connected(patient.phone, visitId);
    t.clock.advanceSeconds(40);
    patient.phone.socket.disconnect();
    await settle();
    t.clock.advanceSeconds(30);
    const back = await device(patient.account.token);
    expect(await send(back, visitEvents.join, { visit_id: visitId })).toMatchObject({ side: 'patient' });
    await connected(back, visitId);
    t.clock.advanceSeconds(45);
    const swept = await sweep();
    expect(swept).toBe(0);
    expect(await hangUp(staff, visitId)).toMatchObject({ logged_minutes: 1 });
    expect((await visitRow(visitId)).connectedSeconds).toBe(85);
    expect(await logsOf(patient.id)).toHaveLength(1);
  });

  it('tells a staff device back from a drop that the patient answered while it was away', async () => {
    const patient = await patientInCare();
    const staff = await device(home.therapist.token);
    const started = await send<{ visit_id: number }>(staff, visitEvents.start, { patient_id: patient.id });
    if ('problem' in started) throw new Error(JSON.stringify(started));
    staff.socket.disconnect();
    await settle();
    expect(await send(patient.phone, visitEvents.join, { visit_id: started.visit_id })).toMatchObject({
      other_joined: false,
    });
    const back = await device(home.therapist.token);
    expect(heardOf(back, visitEvents.joined)).toEqual([]);
    expect(await send(back, visitEvents.join, { visit_id: started.visit_id })).toMatchObject({
      side: 'staff',
      other_joined: true,
    });
    expect(await hangUp(back, started.visit_id)).toMatchObject({ reason: 'hang_up' });
  });

  it('is ended by the sweep once, when neither side is connected for 60 s, even with two sweeps at once', async () => {
    const { patient, staff, visitId } = await answeredVisit();
    t.clock.advanceSeconds(59);
    expect(await sweep()).toBe(0);
    t.clock.advanceSeconds(2);
    const counts = await Promise.all([sweep(), sweep()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await visitRow(visitId)).toMatchObject({ endReason: 'no_connection_timeout', interactionLogId: null });
    const ends = (await auditsOf('visit.end')).filter((row) => row.detail?.visit_id === visitId);
    expect(ends).toHaveLength(1);
    await settle();
    expect(heardOf(staff, visitEvents.ended)).toEqual([
      { visit_id: visitId, reason: 'no_connection_timeout', logged_minutes: 0, log_id: null },
    ]);
    expect(heardOf(patient.phone, visitEvents.ended)).toHaveLength(1);
  });

  it('ends unanswered when the patient never joins within 60 s', async () => {
    const patient = await patientInCare();
    const staff = await device(home.therapist.token);
    const started = await send<{ visit_id: number }>(staff, visitEvents.start, { patient_id: patient.id });
    if ('problem' in started) throw new Error(JSON.stringify(started));
    t.clock.advanceSeconds(61);
    expect(await sweep()).toBe(1);
    expect((await visitRow(started.visit_id)).endReason).toBe('unanswered');
  });

  it('answers a hang-up sent again with the same end: one log, one end audit', async () => {
    const { patient, staff, visitId } = await answeredVisit();
    await connected(staff, visitId);
    await connected(patient.phone, visitId);
    t.clock.advanceSeconds(130);
    const [first, second] = await Promise.all([hangUp(staff, visitId), hangUp(patient.phone, visitId)]);
    expect(first).toEqual(second);
    expect(first).toMatchObject({ logged_minutes: 2 });
    expect(await hangUp(staff, visitId)).toEqual(first);
    expect(await logsOf(patient.id)).toHaveLength(1);
    expect((await auditsOf('visit.end')).filter((row) => row.detail?.visit_id === visitId)).toHaveLength(1);
  });
});

describe('refusals', () => {
  it("refuses a manager by the permission table, another clinic's therapist as not found, and audits both", async () => {
    const patient = await patientInCare();
    const manager = await device(home.manager.token);
    expect(await send(manager, visitEvents.start, { patient_id: patient.id })).toMatchObject({
      problem: { status: 403, code: 'forbidden' },
    });
    const stranger = await device(away.therapist.token);
    expect(await send(stranger, visitEvents.start, { patient_id: patient.id })).toMatchObject({
      problem: { status: 404, code: 'not_found' },
    });
    const { visitId } = await answeredVisit();
    expect(await send(stranger, visitEvents.join, { visit_id: visitId })).toMatchObject({ problem: { status: 404 } });
    expect(await auditsOf('visit.refused', home.manager.id)).toHaveLength(1);
    const theirs = await auditsOf('visit.refused', away.therapist.id);
    expect(theirs.map((row) => [row.clinicId, row.outcome])).toEqual([
      [away.clinic.id, 'denied'],
      [away.clinic.id, 'denied'],
    ]);
    expect(await send(stranger, visitEvents.start, { patient_id: 'x' })).toMatchObject({ problem: { status: 400 } });
  });

  it('refuses a discharged patient', async () => {
    const patient = await patientInCare();
    const res = await call.patch('/clinic/therapist/patient/discharged', home.therapist.token, {
      patient_ids: [patient.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const staff = await device(home.therapist.token);
    expect(await send(staff, visitEvents.start, { patient_id: patient.id })).toMatchObject({
      problem: { status: 409, code: 'conflict' },
    });
    await settle();
    expect(heardOf(patient.phone, visitEvents.ring)).toEqual([]);
  });

  it("refuses a patient joining another's visit, and signals from anyone not in it", async () => {
    const { staff, visitId } = await answeredVisit();
    const other = await patientInCare();
    expect(await send(other.phone, visitEvents.join, { visit_id: visitId })).toMatchObject({
      problem: { status: 404 },
    });
    const signal = { visit_id: visitId, description: { type: 'offer', sdp: 'v=0' } };
    expect(await send(other.phone, visitEvents.signal, signal)).toMatchObject({ problem: { status: 404 } });
    const colleague = await device(home.supervisor.token);
    expect(await send(colleague, visitEvents.signal, signal)).toMatchObject({ problem: { status: 404 } });
    // The starter's other device has not joined: it may not signal either.
    const secondTab = await device(home.therapist.token);
    expect(await send(secondTab, visitEvents.signal, signal)).toMatchObject({ problem: { status: 409 } });
    expect(await send(staff, visitEvents.signal, { visit_id: visitId })).toMatchObject({ problem: { status: 400 } });
    await settle();
    expect(heardOf(other.phone, visitEvents.signal)).toEqual([]);
  });
});

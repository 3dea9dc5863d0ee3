import {
  balancesEndpoints,
  dashboardEndpoints,
  monitoringEndpoints,
  pathOf,
  rtmStatusEndpoints,
} from '@rehabit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recomputeBilling } from '../../../test/billing-recomputed.ts';
import { type BilledClinics, billedClinics } from '../../../test/billing-support.ts';
import { makeUser } from '../../../test/factories.ts';
import { staffToken } from '../../../test/helpers.ts';

// The test clock stands at 2026-03-02 15:00 UTC: March 2 in Los Angeles, the home clinic's timezone.
let c: BilledClinics;
let patientId: number;
let colleague: { id: number; token: string };
/** When the first session started and the last ended, by the server's clock: the wall-clock span measured. */
let wallClockSeconds: number;

const DASHBOARD = 'MONITORING_CODE_PATIENT_DASHBOARD';

beforeAll(async () => {
  c = await billedClinics();
  const user = await makeUser(c.db, c.home.clinic.id, { role: 'therapist' });
  colleague = { id: user.id, token: await staffToken(c.t.app, user.email) };
  patientId = await c.inEpisode('2026-03-01T17:00:00Z');
  await c.logCall(patientId, { date: '2026-03-02', start_time: '06:00', kind: 'phone', minutes: 5 });

  // Three staff open the patient within five seconds of each other and stay on it, heart-beating every 30 s, until
  // all three leave at the same moment, 25 minutes after the first came.
  const staff = [c.home.therapist.token, c.home.supervisor.token, colleague.token];
  const firstStart = c.t.clock.now().getTime();
  const sessions: { token: string; id: number; startedAt: number }[] = [];
  for (const [i, token] of staff.entries()) {
    if (i > 0) c.t.clock.advanceSeconds(i === 1 ? 2 : 3);
    const res = await c.call.post(monitoringEndpoints.start.path, token, { user_id: patientId, context: DASHBOARD });
    expect(res.statusCode, res.body).toBe(201);
    sessions.push({ token, id: res.json().id, startedAt: c.t.clock.now().getTime() });
  }
  const beatAll = async (end?: 'left') => {
    for (const session of sessions) {
      const elapsed = Math.floor((c.t.clock.now().getTime() - session.startedAt) / 1000);
      const res = await c.call.put(pathOf(monitoringEndpoints.update, { monitoringId: session.id }), session.token, {
        elapsed_seconds: elapsed,
        context: DASHBOARD,
        ...(end && { end_reason: end }),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  };
  while (c.t.clock.now().getTime() - firstStart < 1500_000) {
    c.t.clock.advanceSeconds(Math.min(30, (firstStart + 1500_000 - c.t.clock.now().getTime()) / 1000));
    if (c.t.clock.now().getTime() - firstStart < 1500_000) await beatAll();
  }
  await beatAll('left');
  wallClockSeconds = (c.t.clock.now().getTime() - firstStart) / 1000;
}, 120_000);
afterAll(() => c.t.close());

describe('three staff monitoring one patient at the same time', () => {
  it('count each their own seconds on their sessions, which stay as they were', async () => {
    const res = await c.call.get(
      `${pathOf(monitoringEndpoints.month, { id: patientId })}?month=2026-03`,
      c.home.manager.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const sessions = res.json().results.filter((entry: { type: string }) => entry.type === 'session');
    expect(sessions.map((s: { seconds: number }) => s.seconds).sort()).toEqual([1495, 1498, 1500]);
  });

  it('bill the wall-clock time once: the month, the RTM status, the dashboard and the billing month agree', async () => {
    expect(wallClockSeconds).toBe(1500);
    // 1500 s monitored + a 5-minute call = 30 minutes (each session added up would say 4493 s: 79 minutes).
    const month = (
      await c.call.get(`${pathOf(monitoringEndpoints.month, { id: patientId })}?month=2026-03`, c.home.manager.token)
    ).json();
    expect(month).toMatchObject({ monitored_seconds: wallClockSeconds, call_minutes: 5, total_minutes: 30 });

    const status = await c.call.get(pathOf(rtmStatusEndpoints.patient, { id: patientId }), c.home.manager.token);
    expect(status.json().rtm).toMatchObject({ minutes: 30 });

    const dashboard = await c.call.get(dashboardEndpoints.read.path, c.home.manager.token);
    expect(dashboard.json()).toMatchObject({ minutes_this_month: 30 });

    const units = (await c.call.get('/clinic/billing-units?month=3&year=2026', c.home.manager.token)).json();
    const [row] = units.results;
    expect(row).toMatchObject({ patient: { id: patientId }, minutes: 30 });
    expect(row.codes.map((code: { code: string; units: number }) => [code.code, code.units])).toEqual([['98980', 1]]);

    const csv = (
      await c.call.get(
        `${pathOf(monitoringEndpoints.exportPatient, { id: patientId })}?month=2026-03`,
        c.home.manager.token,
      )
    ).body;
    expect(csv).toContain(`Total monitored seconds,,,,,,${wallClockSeconds}`);

    // The auditor's recomputation from the raw table, written apart from billing, finds the same union.
    const recomputed = await recomputeBilling(c.t.database.db, c.home.clinic.code, '2026-03');
    expect(recomputed.filter((code) => code.patientId === patientId)).toEqual([
      { patientId, code: '98980', units: 1, dateOfService: '2026-03-31', dataDays: null, minutes: 30 },
    ]);
  });

  it('pay each staff member their own time', async () => {
    const res = await c.call.get(`${balancesEndpoints.read.path}?month=2026-03`, c.home.supervisor.token);
    expect(res.statusCode, res.body).toBe(200);
    const seconds = Object.fromEntries(
      res
        .json()
        .results.map((row: { staff: { id: number }; monitored_seconds: number }) => [
          row.staff.id,
          row.monitored_seconds,
        ]),
    );
    expect(seconds).toEqual({ [c.home.therapist.id]: 1500, [c.home.supervisor.id]: 1498, [colleague.id]: 1495 });
  });
});

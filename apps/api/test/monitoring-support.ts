import { type MonitoringCode, pathOf, patientEndpoints } from '@rehabit/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { clinics, monitoringSessions, patients } from '../src/db/schema.ts';
import { clinicScope, crossClinic } from '../src/db/scope.ts';
import { localInstantOf } from '../src/lib/calendar.ts';
import { dataFor } from '../src/modules/data-access.ts';
import { createMonitoringRepository } from '../src/modules/monitoring/monitoring.repository.ts';
import { createMonthlyMinutes } from '../src/modules/monitoring/monthly-minutes.ts';
import { createInteractionsRepository } from '../src/modules/patients/interactions.repository.ts';
import { appWithTwoClinics, type StaffedClinic } from './patients-support.ts';

type SessionOptions = { clinic?: StaffedClinic; userId?: number; open?: boolean; context?: MonitoringCode };
type CallBody = { date: string; start_time?: string; kind: 'phone' | 'video'; minutes: number };

/**
 * Two clinics for the monitored-minutes tests, the first in Los Angeles (eight hours behind UTC in winter: late
 * evenings there are the next day in UTC), with ways to add onboarded patients, stored sessions and logged calls.
 */
export async function monitoredClinics() {
  const app = await appWithTwoClinics();
  const { t, call, home } = app;
  const db = t.database.db;
  await db.update(clinics).set({ timezone: 'America/Los_Angeles' }).where(eq(clinics.id, home.clinic.id));

  /** A patient registered by the clinic's therapist and onboarded. */
  async function onboarded(clinic: StaffedClinic = home, overrides: Record<string, unknown> = {}) {
    const { id } = await call.register(clinic.therapist.token, overrides);
    await db.update(patients).set({ status: 'onboarded' }).where(eq(patients.id, id));
    return id;
  }

  /** A session started at a fixed instant that counted `seconds`, stored as the service stores one: ended (reason `idle`) unless `open`. */
  async function session(patientId: number, startedAt: string, seconds: number, options: SessionOptions = {}) {
    const clinic = options.clinic ?? home;
    const repo = createMonitoringRepository(db, clinicScope(clinic.clinic.id));
    // Written straight: a test may store another clinic's session naming its patient, which the repository refuses
    // to write (decision 1340), to show the minutes leave it out.
    const [row] = await db
      .insert(monitoringSessions)
      .values({
        clinicId: clinic.clinic.id,
        patientId,
        userId: options.userId ?? clinic.therapist.id,
        startedAt: new Date(startedAt),
        lastBeatAt: new Date(startedAt),
        seconds: 0,
      })
      .returning();
    const last = new Date(row!.startedAt.getTime() + seconds * 1000);
    const context = options.context ?? 'MONITORING_CODE_PATIENT_DASHBOARD';
    await repo.update(
      row!.id,
      options.open
        ? { seconds, lastBeatAt: last, context }
        : { seconds, lastBeatAt: last, endedAt: last, endReason: 'idle', context },
    );
    return row!.id;
  }

  // Each clinician's calls of a day follow one another from 09:00, so a test's calls never overlap (decision 1281).
  const nextFree = new Map<string, number>();
  function startOf(body: CallBody, by: StaffedClinic) {
    if (body.start_time) return body.start_time;
    const key = `${by.therapist.id} ${body.date}`;
    const minute = nextFree.get(key) ?? 9 * 60;
    nextFree.set(key, minute + body.minutes);
    return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  }

  /**
   * A call logged through the API by the clinic's therapist, as a clinic logs one: on the test clock's day or the 7
   * before it (decision 1282). Answers its id.
   */
  async function logCall(patientId: number, body: CallBody, by: StaffedClinic = home) {
    const res = await call.post(pathOf(patientEndpoints.logInteraction, { id: patientId }), by.therapist.token, {
      ...body,
      start_time: startOf(body, by),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  }

  /**
   * A call already on the record, stored as the API stores one, for a test that needs calls of days long before (or
   * after) its clock: history no one could log today. Answers its id.
   */
  async function pastCall(patientId: number, body: CallBody, by: StaffedClinic = home) {
    const [clinic] = await db.select({ timezone: clinics.timezone }).from(clinics).where(eq(clinics.id, by.clinic.id));
    return createInteractionsRepository(db, clinicScope(by.clinic.id)).insert({
      patientId,
      date: body.date,
      startedAt: localInstantOf(body.date, startOf(body, by), clinic!.timezone)!,
      kind: body.kind,
      minutes: body.minutes,
      createdBy: by.therapist.id,
      createdAt: t.clock.now(),
    });
  }

  return {
    ...app,
    minutes: createMonthlyMinutes(dataFor(db, crossClinic('scheduled job'))),
    onboarded,
    session,
    logCall,
    pastCall,
  };
}

export type MonitoredClinics = Awaited<ReturnType<typeof monitoredClinics>>;

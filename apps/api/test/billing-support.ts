import { eq } from 'drizzle-orm';
import { functionalEntries, functionalMeasures, healthMetrics, patientEpisodes, patients } from '../src/db/schema.ts';
import { createAuditLog } from '../src/lib/audit.ts';
import { localDateOf, middayOf } from '../src/lib/calendar.ts';
import { createBillingFilesService } from '../src/modules/billing/billing-files.service.ts';
import { testConfig } from './helpers.ts';
import { monitoredClinics } from './monitoring-support.ts';
import type { StaffedClinic } from './patients-support.ts';

type EpisodeOptions = {
  clinic?: StaffedClinic;
  /** The discharge instant; open when left out. */
  end?: string;
  isCovered?: boolean;
  hasConsent?: boolean;
  therapistId?: number;
};

/**
 * The monitored clinics (home in Los Angeles) with what billing reads: patients with episodes from a chosen instant,
 * coverage and consent, and readings or outcome entries on chosen calendar days of the clinic.
 */
export async function billedClinics() {
  const app = await monitoredClinics();
  const db = app.t.database.db;
  const timezone = 'America/Los_Angeles';

  /** An onboarded patient whose episode started at `start` (and ended at `end`), covered and consented by default. */
  async function inEpisode(start: string, options: EpisodeOptions = {}) {
    const clinic = options.clinic ?? app.home;
    const id = await app.onboarded(clinic);
    const therapistId = options.therapistId ?? clinic.therapist.id;
    await db
      .update(patients)
      .set({
        isRtmCovered: options.isCovered ?? true,
        consentDate: (options.hasConsent ?? true) ? localDateOf(new Date(start), timezone) : null,
        consentMethod: (options.hasConsent ?? true) ? 'verbal' : null,
        diagnosis: 'M54.50',
        therapistId,
        status: options.end ? 'discharged' : 'onboarded',
      })
      .where(eq(patients.id, id));
    await db.insert(patientEpisodes).values({
      patientId: id,
      clinicId: clinic.clinic.id,
      diagnosis: 'M54.50',
      therapistId,
      startedAt: new Date(start),
      endedAt: options.end ? new Date(options.end) : null,
    });
    return id;
  }

  /** Readings of one kind on the clinic's calendar days (Los Angeles for home), one at noon of each. */
  async function readings(patientId: number, kind: string, days: string[], clinic: StaffedClinic = app.home) {
    if (days.length === 0) return;
    await db.insert(healthMetrics).values(
      days.map((day) => ({
        clinicId: clinic.clinic.id,
        patientId,
        kind,
        value: kind === 'steps' ? 4000 : 3,
        measuredAt: middayOf(day, clinic === app.home ? timezone : 'America/New_York'),
        localDate: day,
        source: 'manual',
      })),
    );
  }

  /** An outcome measure entered on each of the days: filled in by the patient unless `enteredBy` says staff. */
  async function outcomes(
    patientId: number,
    days: string[],
    enteredBy: 'staff' | 'patient' = 'patient',
    clinic: StaffedClinic = app.home,
  ) {
    const [measure] = await db
      .insert(functionalMeasures)
      .values({ clinicId: clinic.clinic.id, patientId, datatypeId: 1, name: `LEFS by ${enteredBy}`, unit: 'points' })
      .returning({ id: functionalMeasures.id });
    await db.insert(functionalEntries).values(
      days.map((date) => ({
        measureId: measure!.id,
        clinicId: clinic.clinic.id,
        patientId,
        date,
        answers: [],
        score: 40,
        scoringVersion: 'LEFS-1',
        enteredBy,
      })),
    );
  }

  /** `count` consecutive days from `first`. */
  const days = (first: string, count: number) =>
    Array.from({ length: count }, (_, i) => new Date(Date.parse(`${first}T00:00:00Z`) + i * 86_400_000)).map((d) =>
      d.toISOString().slice(0, 10),
    );

  /** The month-close job's work on a clinic's month (home's unless told): answers whether this call closed it. */
  const closeMonth = (month: string, clinic: StaffedClinic = app.home) =>
    createBillingFilesService({
      db,
      clock: app.t.clock,
      audit: createAuditLog(db),
      config: testConfig(),
    }).monthClose.close({ clinicId: clinic.clinic.id, month });

  return { ...app, db, inEpisode, readings, outcomes, days, closeMonth };
}

export type BilledClinics = Awaited<ReturnType<typeof billedClinics>>;

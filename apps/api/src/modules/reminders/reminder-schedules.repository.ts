import { inCareStatuses, isInCare, type PatientStatus } from '@rehabit/contract';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { allPatientsInScope } from '../../db/patients-in-scope.ts';
import { clinics, patients, reminderDeliveries, reminderSchedules } from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';
import { patientVisibleIn } from '../../db/visibility.ts';

export type ScheduleRow = typeof reminderSchedules.$inferSelect;
export type ScheduleValues = Pick<
  ScheduleRow,
  'enabled' | 'days' | 'localTime' | 'timezone' | 'language' | 'channels' | 'quietHoursAllowed'
>;

/** A patient's phone as texts reach it: `+` and the digits of the dial code and the number (as sign-in finds it). */
const e164Of = sql<string>`('+' || regexp_replace(${patients.dialCode}, '\\D', '', 'g') || regexp_replace(${patients.phone}, '\\D', '', 'g'))`;

/** The patients in care are reminded; a discharged or removed patient is not (decisions 1350, 1370). */
const isReminded = (patientId: number) =>
  sql`exists (select 1 from ${patients} where ${patients.id} = ${patientId}
    and ${inArray(patients.status, inCareStatuses)})`;
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** Patients' reminder schedules, in the scope's clinics (decision 1350). */
export const createReminderSchedulesRepository = (db: DbOrTx, scope: ClinicScope) => ({
  async find(patientId: number): Promise<ScheduleRow | undefined> {
    const [row] = await db
      .select()
      .from(reminderSchedules)
      .where(and(eq(reminderSchedules.patientId, patientId), inScope(reminderSchedules.clinicId, scope)))
      .limit(1);
    return row;
  },

  /** The patient's e-mail address and phone, which the channels need. */
  async contacts(patientId: number) {
    const [row] = await db
      .select({ email: patients.email, phone: patients.phone })
      .from(patients)
      .where(and(eq(patients.id, patientId), patientVisibleIn(scope)))
      .limit(1);
    return row;
  },

  /**
   * Saves a schedule in the scope's clinic. Staff's save (`by: 'staff'`) changes only a schedule staff saved last:
   * once the patient has chosen, it changes nothing and answers undefined. The patient's save clears an e-mail
   * unsubscribe when e-mail is chosen again; a STOP is cleared only by START (decision 1350).
   */
  async save(
    patientId: number,
    values: ScheduleValues,
    by: { setBy: 'patient' | 'staff'; userId: number; now: Date },
  ): Promise<ScheduleRow | undefined> {
    if (!(await allPatientsInScope(db, scope, [patientId]))) return undefined;
    const clinicId = clinicIdOf(scope);
    const emailAgain = by.setBy === 'patient' && values.channels.includes('email');
    const set = {
      ...values,
      // The reminders' job works out the next reminder's time afresh, owing none whose time came before the save.
      // A patient out of care has none (decision 1370).
      nextAt: sql<Date | null>`case when ${isReminded(patientId)} then ${instant(by.now)} end`,
      setBy: by.setBy,
      updatedBy: by.userId,
      updatedAt: by.now,
      ...(emailAgain ? { emailOptedOut: false } : {}),
    };
    const [row] = await db
      .insert(reminderSchedules)
      .values({ patientId, clinicId, ...set, createdAt: by.now })
      .onConflictDoUpdate({
        target: reminderSchedules.patientId,
        set,
        setWhere: and(
          eq(reminderSchedules.clinicId, clinicId),
          by.setBy === 'staff' ? eq(reminderSchedules.setBy, 'staff') : sql`true`,
        ),
      })
      .returning();
    return row;
  },

  /**
   * When the reminders' job next looks at each patient's schedule (its next reminder's time), in one statement, where
   * the schedule still holds the time the job read (`from`): a save or a change of the patient's care made since
   * then stands.
   */
  async setNextAt(looks: { patientId: number; from: Date; nextAt: Date }[]) {
    if (looks.length === 0) return;
    const values = looks.map((l) => ({ patient_id: l.patientId, from: l.from, next_at: l.nextAt }));
    await db.execute(sql`update ${reminderSchedules} set next_at = v.next_at
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(patient_id int, "from" timestamptz, next_at timestamptz)
      where ${reminderSchedules.patientId} = v.patient_id and ${reminderSchedules.nextAt} = v."from"
        and ${inScope(reminderSchedules.clinicId, scope)}`);
  },

  /**
   * The schedule follows a change of the patient's status from `from` (decision 1370): parked (no `next_at`) once they
   * leave care, looked at from `now` when they return to it, as it was while they stay.
   */
  async followPatient(patientId: number, from: PatientStatus, now: Date) {
    const returning = !isInCare(from);
    const inCare = returning ? instant(now) : sql`coalesce(${reminderSchedules.nextAt}, ${instant(now)})`;
    await db
      .update(reminderSchedules)
      .set({ nextAt: sql`case when ${isReminded(patientId)} then ${inCare} end` })
      .where(and(eq(reminderSchedules.patientId, patientId), inScope(reminderSchedules.clinicId, scope)));
  },

  /** A STOP (false) or START (true) reply from a phone number: every visible patient of that number. */
  async setSmsAllowed(e164: string, allowed: boolean, now: Date) {
    const ofNumber = db
      .select({ id: patients.id })
      .from(patients)
      .where(and(sql`${e164Of} = ${e164}`, patientVisibleIn(scope)));
    return db
      .update(reminderSchedules)
      .set({ smsOptedOut: !allowed, updatedAt: now })
      .where(and(inArray(reminderSchedules.patientId, ofNumber), inScope(reminderSchedules.clinicId, scope)))
      .returning({ patientId: reminderSchedules.patientId, clinicId: reminderSchedules.clinicId });
  },

  /**
   * The e-mail unsubscribe link: whether the patient's e-mail reminders were on until now. E-mail leaves the
   * schedule's channels too, so a later save of the schedule lifts the unsubscribe only when the patient ticks e-mail
   * again (decision 1350).
   */
  async unsubscribeEmail(patientId: number, now: Date) {
    const [row] = await db
      .update(reminderSchedules)
      .set({ emailOptedOut: true, channels: sql`array_remove(${reminderSchedules.channels}, 'email')`, updatedAt: now })
      .where(
        and(
          eq(reminderSchedules.patientId, patientId),
          eq(reminderSchedules.emailOptedOut, false),
          inScope(reminderSchedules.clinicId, scope),
        ),
      )
      .returning({ patientId: reminderSchedules.patientId, clinicId: reminderSchedules.clinicId });
    return row;
  },

  /**
   * The patient turned off notifications on their last device: push leaves the schedule's channels, so only the
   * patient choosing it again (with a device) brings it back (decision 1365). Answers the channels left, if it changed.
   */
  async dropPush(patientId: number, now: Date) {
    const [row] = await db
      .update(reminderSchedules)
      .set({ channels: sql`array_remove(${reminderSchedules.channels}, 'push')`, updatedAt: now })
      .where(
        and(
          eq(reminderSchedules.patientId, patientId),
          sql`'push' = any(${reminderSchedules.channels})`,
          inScope(reminderSchedules.clinicId, scope),
        ),
      )
      .returning({ channels: reminderSchedules.channels });
    return row;
  },

  /**
   * Every schedule switched on of a patient being treated (registered or onboarded) whose next reminder's time has
   * come by `now` (a schedule saved is due at once; a parked one, of a patient out of care, never), with what a send
   * needs: the contacts, the clinic's code and calendar.
   */
  due: (now: Date) =>
    db
      .select({
        schedule: reminderSchedules,
        email: patients.email,
        phone: e164Of,
        clinicCode: clinics.code,
        clinicTimezone: clinics.timezone,
        /** The last day a reminder was decided for, in this clinic: a day claimed is never looked at again. */
        lastDay: sql<string | null>`(select max(${reminderDeliveries.localDate})::text from ${reminderDeliveries}
          where ${reminderDeliveries.patientId} = ${reminderSchedules.patientId}
            and ${reminderDeliveries.clinicId} = ${reminderSchedules.clinicId})`,
      })
      .from(reminderSchedules)
      .innerJoin(patients, eq(patients.id, reminderSchedules.patientId))
      .innerJoin(clinics, eq(clinics.id, reminderSchedules.clinicId))
      .where(
        and(
          eq(reminderSchedules.enabled, true),
          lte(reminderSchedules.nextAt, now),
          eq(patients.clinicId, reminderSchedules.clinicId),
          inArray(patients.status, inCareStatuses),
          inScope(reminderSchedules.clinicId, scope),
        ),
      ),
});

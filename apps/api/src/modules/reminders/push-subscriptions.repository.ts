import { and, count, desc, eq, ne, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { allPatientsInScope } from '../../db/patients-in-scope.ts';
import { pushSubscriptions } from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';
import type { PushDevice } from '../../lib/push.ts';

/** The most devices a patient keeps for notifications: the newest. */
export const DEVICES_KEPT = 5;

/** The patients' devices that take push notifications, in the scope's clinics (decision 1365). */
export const createPushSubscriptionsRepository = (db: DbOrTx, scope: ClinicScope) => {
  /** The patient's devices, in the scope's clinics. */
  const ofPatient = (patientId: number) =>
    and(eq(pushSubscriptions.patientId, patientId), inScope(pushSubscriptions.clinicId, scope));
  return {
    /** The patient's devices, oldest first. */
    devices: (patientId: number) =>
      db
        .select({
          id: pushSubscriptions.id,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .where(ofPatient(patientId))
        .orderBy(pushSubscriptions.id),

    async count(patientId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(pushSubscriptions).where(ofPatient(patientId));
      return row?.n ?? 0;
    },

    /**
     * Takes a device away from the patients who had it, but `keeper`: another patient signed in on the phone. Answers
     * whose it was, for their clinics' audit.
     */
    release: (endpoint: string, keeper: number) =>
      db
        .delete(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.endpoint, endpoint),
            ne(pushSubscriptions.patientId, keeper),
            inScope(pushSubscriptions.clinicId, scope),
          ),
        )
        .returning({ patientId: pushSubscriptions.patientId, clinicId: pushSubscriptions.clinicId }),

    /**
     * Keeps the patient's device, in the scope's one clinic: new, or its keys renewed. Answers whether anything
     * changed; false too when the device is another patient's (release it first).
     */
    async add(patientId: number, device: PushDevice, now: Date): Promise<boolean> {
      if (!(await allPatientsInScope(db, scope, [patientId]))) return false;
      const clinicId = clinicIdOf(scope);
      const [kept] = await db
        .select({ p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.endpoint, device.endpoint), ofPatient(patientId)))
        .limit(1);
      if (kept && kept.p256dh === device.p256dh && kept.auth === device.auth) return false;
      const rows = await db
        .insert(pushSubscriptions)
        .values({ clinicId, patientId, ...device, createdAt: now })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { p256dh: device.p256dh, auth: device.auth },
          setWhere: and(eq(pushSubscriptions.patientId, patientId), eq(pushSubscriptions.clinicId, clinicId)),
        })
        .returning({ id: pushSubscriptions.id });
      // A patient has a few phones at most; the oldest beyond those are forgotten, so no one can make the reminders'
      // job post to an endless list of addresses (decision 1365).
      await db
        .delete(pushSubscriptions)
        .where(
          and(
            ofPatient(patientId),
            notInArray(
              pushSubscriptions.id,
              db
                .select({ id: pushSubscriptions.id })
                .from(pushSubscriptions)
                .where(ofPatient(patientId))
                .orderBy(desc(pushSubscriptions.id))
                .limit(DEVICES_KEPT),
            ),
          ),
        );
      return rows.length === 1;
    },

    /** The patient's device stops taking notifications: whether it was theirs. */
    async remove(patientId: number, endpoint: string): Promise<boolean> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.endpoint, endpoint), ofPatient(patientId)))
        .returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },

    /** A device its push service no longer knows (404, 410): forgotten. */
    async forget(id: number) {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, id), inScope(pushSubscriptions.clinicId, scope)));
    },

    /** A push service took a reminder for the device. */
    async markSent(id: number, at: Date) {
      await db
        .update(pushSubscriptions)
        .set({ lastSentAt: at })
        .where(and(eq(pushSubscriptions.id, id), inScope(pushSubscriptions.clinicId, scope)));
    },
  };
};

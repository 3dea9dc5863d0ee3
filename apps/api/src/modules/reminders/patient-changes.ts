/**
 * A patient's reminders follow their care (decision 1370): the schedule of a patient discharged or removed is parked,
 * and a patient re-onboarded is reminded again from that moment, with no day away recorded as missed. Called inside
 * the status change's transaction, with its data access, by the patients module, which receives it as the
 * `patientReminders` this module decorates (this module reads patients).
 */
import type { PatientStatus } from '@rehabit/contract';
import type { TxData } from '../data-access.ts';
import { patientScope } from '../patients/patient-access.ts';

export function createPatientReminders() {
  return {
    /** After the patient's status changed from `from`, in the change's transaction, at its instant. */
    async patientChanged(
      data: TxData,
      change: { patient: { id: number; clinicId: number }; from: PatientStatus; now: Date },
    ) {
      const { patient, from, now } = change;
      await data.within(patientScope(patient)).reminderSchedules.followPatient(patient.id, from, now);
    },
  };
}

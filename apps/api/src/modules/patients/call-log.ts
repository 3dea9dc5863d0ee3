import type { InteractionLog } from '@rehabit/contract';
import type { AuditLog } from '../../lib/audit.ts';
import type { TxData } from '../data-access.ts';
import { patientScope } from './patient-access.ts';
import type { PatientTasks } from './patients.service.ts';

/** A live call with a patient, placed on the clinic's calendar and clocks. */
export type LiveCall = {
  patient: { id: number; clinicId: number };
  /** Whose call it is. */
  staffId: number;
  date: string;
  startedAt: Date;
  kind: InteractionLog['kind'];
  minutes: number;
  notes: string;
  now: Date;
};

/** Who saves the call, for its audit row (null: the server, ending a video visit by itself), and what else it names. */
type SavedBy = { actorUserId: number | null; ip: string | null; detail?: Record<string, unknown> };

/**
 * Saves a live call inside the caller's transaction: its row in the patient's clinic, its audit row, and the task
 * rules a call answers. A call typed into the log and a video visit's measured call are saved by this one function
 * (decision 1375), so both count alike for billing (the month's live call and its minutes) and close the same tasks.
 */
export async function saveCall(
  data: TxData,
  deps: { audit: AuditLog; tasks: PatientTasks },
  call: LiveCall,
  by: SavedBy,
): Promise<number> {
  const { patient } = call;
  const logId = await data.within(patientScope(patient)).interactions.insert({
    patientId: patient.id,
    date: call.date,
    startedAt: call.startedAt,
    kind: call.kind,
    minutes: call.minutes,
    notes: call.notes,
    createdBy: call.staffId,
    createdAt: call.now,
  });
  await deps.audit.record(
    {
      action: 'interaction.create',
      outcome: 'success',
      actorUserId: by.actorUserId,
      clinicId: patient.clinicId,
      patientId: patient.id,
      ip: by.ip,
      detail: { log_id: logId, ...by.detail },
    },
    data.db,
  );
  await deps.tasks.patientChanged(data, patient);
  return logId;
}

/**
 * Monitoring sessions ended by a change of their patient (decision 1291): a discharge or a removal ends every open
 * session on the patient, a change of therapist those of staff who may no longer monitor the patient. Called inside
 * the change's transaction by the patients module, which receives it through app.ts (this module reads patients).
 */
import { canTreatPatients, type MonitoringPatientEndReason } from '@rehabit/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { AuditLog } from '../../lib/audit.ts';
import { createMonitoringRepository } from './monitoring.repository.ts';
import { endSession } from './monitoring.service.ts';

type OpenSession = Awaited<ReturnType<ReturnType<typeof createMonitoringRepository>['openOnPatientForUpdate']>>[number];

/** Which open sessions a change of the patient ends. */
const ends: Record<MonitoringPatientEndReason, (open: OpenSession) => boolean> = {
  // Nobody monitors a discharged or removed patient.
  patient_discharged: () => true,
  patient_removed: () => true,
  // Every clinician who may treat the clinic's patients still sees this one: only the others' sessions end.
  access_removed: ({ user }) =>
    !canTreatPatients({ role: user.role, status: user.approvalStatus, has_access: user.hasAccess }),
};

export function createPatientMonitoring({ audit }: { audit: AuditLog }) {
  return {
    /**
     * Ends, at `now` and with the seconds counted by then, the patient's open sessions the change ends, each with its
     * `monitoring.end` row naming the reason. Answers how many ended.
     */
    async patientChanged(
      tx: DbOrTx,
      actor: Actor,
      change: { patient: { id: number; clinicId: number }; reason: MonitoringPatientEndReason; now: Date },
      ctx: RequestContext,
    ) {
      const { patient, reason, now } = change;
      const open = await createMonitoringRepository(tx).openOnPatientForUpdate(patient.id, patient.clinicId);
      const ending = open.filter(ends[reason]);
      for (const { session } of ending) {
        await endSession(tx, audit, actor, session, { endedAt: now, seconds: session.seconds, reason }, ctx);
      }
      return ending.length;
    },
  };
}

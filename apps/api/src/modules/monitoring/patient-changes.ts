/**
 * Monitoring sessions ended by a change of their patient (decision 1291): a discharge, a removal or a change of
 * therapist ends every open session on the patient. Called inside the change's transaction, with that transaction's
 * data access, by the patients module, which receives it as the `patientMonitoring` this module decorates (this
 * module reads patients).
 */
import type { MonitoringPatientEndReason } from '@rehabit/contract';
import type { RequestContext } from '../../http/request-context.ts';
import type { AuditLog } from '../../lib/audit.ts';
import type { Caller, TxData } from '../data-access.ts';
import { patientScope } from '../patients/patient-access.ts';
import { endSession } from './monitoring.service.ts';

export function createPatientMonitoring({ audit }: { audit: AuditLog }) {
  return {
    /**
     * Ends, at `now` and with the seconds counted by then, the patient's open sessions, each with its
     * `monitoring.end` row naming the reason. Answers how many ended.
     */
    async patientChanged(
      data: TxData,
      actor: Caller,
      change: { patient: { id: number; clinicId: number }; reason: MonitoringPatientEndReason; now: Date },
      ctx: RequestContext,
    ) {
      const { patient, reason, now } = change;
      // The patients module found the patient in the caller's scope: its sessions are those of its clinic.
      const open = await data.within(patientScope(patient)).monitoring.openOnPatientForUpdate(patient.id);
      for (const session of open) {
        await endSession(data, audit, actor, session, { endedAt: now, seconds: session.seconds, reason }, ctx);
      }
      return open.length;
    },
  };
}

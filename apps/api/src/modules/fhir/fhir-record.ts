import type { TxData } from '../data-access.ts';
import type { PatientRecord } from './fhir-mapping.ts';

/**
 * A patient's whole record as the FHIR mapping takes it (decision 1425), read through a data access whose scope holds
 * the patient; undefined if the patient is not seen there. The per-patient Bundle, the read API and the clinic's bulk
 * export all read it here.
 */
export async function readPatientRecord(data: TxData, patientId: number): Promise<PatientRecord | undefined> {
  const patient = await data.fhir.patient(patientId);
  if (!patient) return undefined;
  const [program, readings, measures, calls, charges] = await Promise.all([
    // The program as the program screens read it (the hep repository), in its order.
    data.hep.listActive(patientId),
    data.fhir.readings(patientId),
    data.fhir.measureResults(patientId),
    data.fhir.calls(patientId),
    data.fhir.filedBillingRows(patientId),
  ]);
  const staffIds = new Set([
    ...(patient.therapistId === null ? [] : [patient.therapistId]),
    ...calls.flatMap((call) => (call.staffId === null ? [] : [call.staffId])),
    ...charges.flatMap((filed) => (filed.row.therapist ? [filed.row.therapist.id] : [])),
  ]);
  const staff = await data.fhir.staff([...staffIds]);
  return { patient, program, readings, measures, calls, charges, staff };
}

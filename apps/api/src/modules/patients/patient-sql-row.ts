import type { PatientRow } from './patients.repository.ts';

/** A patient as the hand-written statements (the list, the audited record read) select it, column by column. */
export type PatientSqlRow = {
  id: number;
  clinic_id: number;
  user_id: number | null;
  first_name: string;
  last_name: string;
  dial_code: string;
  phone: string;
  birthday: string;
  email: string | null;
  diagnosis: string | null;
  diagnosis_description: string | null;
  mrn: string | null;
  insurance_member_id: string | null;
  therapist_id: number | null;
  therapist_first_name: string | null;
  therapist_last_name: string | null;
  status: PatientRow['status'];
  is_rtm_covered: boolean;
  consent_date: string | null;
  consent_method: PatientRow['consentMethod'];
  source: PatientRow['source'];
  created_at: Date | string;
  episode_started_at: Date | string | null;
  clinic_code: string;
  clinic_name: string;
};

/** Such a row as the repositories answer patients. */
export const fromPatientSqlRow = (row: PatientSqlRow): PatientRow => ({
  id: row.id,
  clinicId: row.clinic_id,
  userId: row.user_id,
  firstName: row.first_name,
  lastName: row.last_name,
  dialCode: row.dial_code,
  phone: row.phone,
  birthday: row.birthday,
  email: row.email,
  diagnosis: row.diagnosis,
  diagnosisDescription: row.diagnosis_description,
  mrn: row.mrn,
  insuranceMemberId: row.insurance_member_id,
  therapistId: row.therapist_id,
  therapistFirstName: row.therapist_first_name,
  therapistLastName: row.therapist_last_name,
  status: row.status,
  isRtmCovered: row.is_rtm_covered,
  consentDate: row.consent_date,
  consentMethod: row.consent_method,
  source: row.source,
  createdAt: new Date(row.created_at),
  clinicCode: row.clinic_code,
  clinicName: row.clinic_name,
  episodeStartedAt: row.episode_started_at === null ? null : new Date(row.episode_started_at),
});

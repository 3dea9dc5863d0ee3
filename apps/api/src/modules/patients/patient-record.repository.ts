import {
  type CallStatus,
  type ChatFreshness,
  callStatusOf,
  canBillRtm,
  chatFreshnessOf,
  localDateOf,
} from '@rehabit/contract';
import type { Db } from '../../db/client.ts';
import { runPrepared } from '../../db/prepared.ts';
import { type ClinicScope, clinicIdOf } from '../../db/scope.ts';
import { fromPatientSqlRow, type PatientSqlRow } from './patient-sql-row.ts';
import type { PatientRow } from './patients.repository.ts';

/**
 * A patient's record as staff open it, in one round trip (decision 1101): the row (as `findById` reads it), its
 * call status and chat freshness (as the contact status repository reads them), and the `patient.read` audit row, written by
 * the same statement only when the patient was found. The audit row is committed with the read, before any answer.
 */
const READ_AUDITED_SQL = `
with p as (
  select p.id, p.clinic_id, p.user_id, p.first_name, p.last_name, p.dial_code, p.phone, p.birthday::text as birthday,
    p.email, p.diagnosis, i.description as diagnosis_description, p.mrn, p.insurance_member_id, p.therapist_id,
    t.first_name as therapist_first_name, t.last_name as therapist_last_name, p.status, p.is_rtm_covered,
    p.consent_date::text as consent_date, p.consent_method, p.source, p.created_at,
    (select max(e.started_at) from patient_episodes e where e.patient_id = p.id and e.ended_at is null)
      as episode_started_at,
    c.code as clinic_code, c.name as clinic_name, c.timezone,
    (select max(l.date)::text from interaction_logs l
      where l.patient_id = p.id and l.deleted_at is null
        and l.date < (date_trunc('month', ($3::timestamptz at time zone c.timezone)) + interval '1 month')::date)
      as last_call_day,
    (select s.last_patient_message_at from chat_sessions s where s.patient_id = p.id and s.kind = 'patient')
      as last_patient_message_at
  from patients p
  join clinics c on c.id = p.clinic_id
  left join icd10_codes i on i.code = p.diagnosis
  left join users t on t.id = p.therapist_id
  where p.id = $1 and p.clinic_id = $2 and p.status <> 'removed'
), audited as (
  insert into audit_events (action, outcome, actor_user_id, clinic_id, patient_id, ip)
  select 'patient.read', 'success', $4, p.clinic_id, p.id, $5 from p
  returning id
)
select p.*, (select count(*) from audited)::int as audited from p`;

type Raw = PatientSqlRow & {
  timezone: string;
  last_call_day: string | null;
  last_patient_message_at: Date | string | null;
  audited: number;
};

type Contact = { call_status: CallStatus | null; chat_freshness: ChatFreshness | null };

/** A patient's record as staff of one clinic open it: the scope is that clinic (an admin reads through findById). */
export const createPatientRecordRepository = (db: Db, scope: ClinicScope) => ({
  /** One patient of the scope's clinic with its contact status, audited as read by the caller; undefined if none. */
  async readAudited(read: {
    id: number;
    actorUserId: number;
    ip: string | null;
    now: Date;
  }): Promise<{ row: PatientRow; contact: Contact } | undefined> {
    const [raw] = await runPrepared<Raw>(db, 'patients_read_audited', READ_AUDITED_SQL, [
      read.id,
      clinicIdOf(scope),
      read.now.toISOString(),
      read.actorUserId,
      read.ip,
    ]);
    if (!raw) return undefined;
    if (raw.audited !== 1) throw new Error('the read of a patient was not audited');
    return { row: fromPatientSqlRow(raw), contact: contactOf(raw, read.now) };
  },
});

/** Only onboarded patients have a contact status (decision 0901), as the contact status repository answers. */
const contactOf = (raw: Raw, now: Date): Contact =>
  raw.status === 'onboarded'
    ? {
        call_status: callStatusOf(
          raw.last_call_day ? [raw.last_call_day] : [],
          localDateOf(now, raw.timezone),
          canBillRtm({ isCovered: raw.is_rtm_covered, hasConsent: raw.consent_date !== null }),
        ),
        chat_freshness: chatFreshnessOf(
          raw.last_patient_message_at ? new Date(raw.last_patient_message_at) : null,
          now,
          raw.episode_started_at ? new Date(raw.episode_started_at) : null,
        ),
      }
    : { call_status: null, chat_freshness: null };

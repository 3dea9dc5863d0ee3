/**
 * Two clinics with the same five-exercise program and one patient each: a young patient with a month of history
 * and an old one with five years (a log of every exercise every day, a pain reading a day, a conversation of
 * 100,000 messages none of which the clinic's therapist has read). Each clinic also has 200 other conversations of
 * ten messages. Filled with generate_series, as the owner.
 */
import { hashToken, randomToken } from '../../apps/api/src/lib/tokens.ts';

type Query = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export type HistorySide = {
  label: string;
  patientId: number;
  sessionId: number;
  staffToken: string;
  patientToken: string;
};

const one = async (query: Query, text: string, values: unknown[]) => (await query(text, values)).rows[0]!;
const ITEMS = 5;
const OTHER_CONVERSATIONS = 200;

async function signIn(query: Query, userId: number, kind: 'staff' | 'patient') {
  const token = randomToken();
  await query(
    `insert into sessions (user_id, token_hash, kind, expires_at) values ($1, $2, $3, now() + interval '1 day')`,
    [userId, hashToken(token), kind],
  );
  return token;
}

export async function fillSide(
  query: Query,
  options: { label: string; code: string; days: number; messages: number },
): Promise<HistorySide> {
  const { label, code, days, messages } = options;
  const clinic = await one(query, `insert into clinics (code, name) values ($1, $2) returning id`, [
    code,
    `History ${label}`,
  ]);
  const user = (role: string, email: string) =>
    one(
      query,
      `insert into users (clinic_id, email, password_hash, first_name, last_name, role, approval_status)
       values ($1, $2, 'x', 'Bench', $3, $4, 'approved') returning id`,
      [clinic.id, email, label, role],
    );
  const therapist = await user('therapist', `therapist-${code.toLowerCase()}@example.test`);
  const patientUser = await user('patient', `patient-${code.toLowerCase()}@example.test`);
  const patient = await one(
    query,
    `insert into patients (clinic_id, user_id, first_name, last_name, phone, birthday, therapist_id, status)
     values ($1, $2, 'Pat', $3, $4, '1960-01-01', $5, 'onboarded') returning id`,
    [clinic.id, patientUser.id, label, `555${code.slice(-7).padStart(7, '0')}`, therapist.id],
  );
  // The same program on both sides: five exercises, each once a day, in place since the history began.
  await query(
    `with v as (
       insert into videos (guid, clinic_id, owner_user_id, title, body_part, purpose, position, position_title,
                           equipment, reps, sets, unhealthy_body_part, purpose_of_treatment, description, status)
       select $1 || '-' || i, $2, $3, 'Exercise ' || i, 'Knee', 'Other', 'Other', 'Position: Supine', '-', 10, 2,
              '-', '-', '-', 'ready'
       from generate_series(1, ${ITEMS}) i
       returning id, title)
     insert into hep_items (clinic_id, patient_id, video_id, position, sets, reps, created_at)
     select $2, $4, v.id, row_number() over (order by v.id) - 1, 2, 10, now() - make_interval(days => $5 + 1)
     from v`,
    [code, clinic.id, therapist.id, patient.id, days],
  );
  // A log of every exercise every day up to today, and a pain reading each day. Days are the clinic's, as the server
  // dates them, and every log is in the past: by UTC's date, a log could fall on the clinic's tomorrow (in the hours
  // after midnight UTC), which real logs never do.
  const { today, timezone } = await one(
    query,
    `select (now() at time zone timezone)::date::text as today, timezone from clinics where id = $1`,
    [clinic.id],
  );
  const daysUpToToday = `generate_series($4::date - $3::int, $4::date, interval '1 day') d`;
  const afternoonOf = `least(now(), (d::date + time '14:00') at time zone $5)`;
  await query(
    `insert into exercise_logs (clinic_id, patient_id, hep_item_id, performed_at, local_date, sets_done, pain,
                                difficulty, client_id)
     select $1, $2, i.id, ${afternoonOf}, d::date, 2, 3, 'right', i.id || '-' || d::date
     from hep_items i, ${daysUpToToday}
     where i.patient_id = $2`,
    [clinic.id, patient.id, days, today, timezone],
  );
  await query(
    `insert into health_metrics (clinic_id, patient_id, kind, value, measured_at, local_date, source)
     select $1, $2, 'painlevel', 3, ${afternoonOf}, d::date, 'manual'
     from ${daysUpToToday}`,
    [clinic.id, patient.id, days, today, timezone],
  );
  // The patient's conversation: every message from the patient, spread over the history, none read by staff.
  const session = await one(
    query,
    `insert into chat_sessions (clinic_id, kind, patient_id, last_message_at, last_patient_message_at)
     values ($1, 'patient', $2, now(), now()) returning id`,
    [clinic.id, patient.id],
  );
  await query(
    `insert into chat_messages (session_id, sender_user_id, body, created_at)
     select $1, $2, 'How is the knee today? ' || i, now() - make_interval(secs => ($3::int - i) * ($4::float8 * 86400 / $3::int))
     from generate_series(1, $3::int) i`,
    [session.id, patientUser.id, messages, days],
  );
  // The clinic's other conversations: a few messages each, older than the measured one.
  await query(
    `with p as (
       insert into patients (clinic_id, first_name, last_name, phone, birthday, therapist_id, status)
       select $1, 'Other', 'Patient ' || i, '555' || lpad(i::text, 7, '0'), '1970-01-01', $2, 'onboarded'
       from generate_series(1, ${OTHER_CONVERSATIONS}) i
       returning id),
     s as (
       insert into chat_sessions (clinic_id, kind, patient_id, last_message_at, last_patient_message_at)
       select $1, 'patient', p.id, now() - interval '2 days', now() - interval '2 days' from p
       returning id)
     insert into chat_messages (session_id, sender_user_id, body, created_at)
     select s.id, $2, 'See you on Monday ' || i, now() - interval '2 days' - make_interval(mins => i)
     from s, generate_series(1, 10) i`,
    [clinic.id, therapist.id],
  );
  return {
    label,
    patientId: patient.id as number,
    sessionId: session.id as number,
    staffToken: await signIn(query, therapist.id as number, 'staff'),
    patientToken: await signIn(query, patientUser.id as number, 'patient'),
  };
}

import pg from 'pg';
import type { Database } from '../../apps/api/src/db/client.ts';
import { hashToken, randomToken } from '../../apps/api/src/lib/tokens.ts';
import { DEMO_CLINIC_CODE } from '../../apps/api/src/seed/demo.ts';
import { fillClinic } from '../routes/data.ts';

/** A therapist of the clinic, signed in, with the onboarded patients whose dashboards they open. */
export type TherapistLogin = { token: string; patientIds: number[] };
/** A patient with a sign-in account and the demo's home program. */
export type PatientLogin = { token: string };
export type ClinicDay = { storageDir: string; therapists: TherapistLogin[]; patients: PatientLogin[] };

/**
 * The demo clinic grown to `patients` patients and `therapists` therapists (the patients shared out among them),
 * `patientAccounts` of the onboarded patients with a sign-in account and a copy of a demo patient's program, and a
 * signed-in session for every therapist and account: the people of the clinic day. Sessions are written here, not
 * signed in through the API, because a clinic day's sign-ins are a few per person and the day's load is the rest.
 * Set-based SQL, so the fill takes seconds.
 */
export async function fillClinicDay(
  database: Database,
  databaseUrl: string,
  options: { patients: number; therapists: number; patientAccounts: number },
): Promise<ClinicDay> {
  const { storageDir } = await fillClinic(database, databaseUrl, {
    extraPatients: options.patients,
    chatEvery: 5,
    messagesPerChat: 20,
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const clinicId = (await client.query<{ id: number }>('select id from clinics where code = $1', [DEMO_CLINIC_CODE]))
      .rows[0]!.id;
    const therapistIds = (
      await client.query<{ id: number }>(
        `insert into users (clinic_id, email, password_hash, first_name, last_name, role, approval_status)
         select $1, 'bench.therapist' || g || '@example.net', 'not-a-password-hash', 'Therapist', 'Bench' || g,
                'therapist', 'approved'
           from generate_series(1, $2::int) as g
         returning id`,
        [clinicId, options.therapists],
      )
    ).rows.map((r) => r.id);
    // The grown clinic's patients shared out among its therapists, as a clinic assigns them.
    await client.query(
      `update patients set therapist_id = ($2::int[])[1 + id % cardinality($2::int[])]
        where clinic_id = $1 and email like 'bench.patient%'`,
      [clinicId, therapistIds],
    );
    const template = (
      await client.query<{ patient_id: number }>(
        `select patient_id from hep_items where clinic_id = $1 and deleted_at is null
          group by patient_id order by count(*) desc, patient_id limit 1`,
        [clinicId],
      )
    ).rows[0]!.patient_id;
    // Patients with an account: onboarded ones, spread over the therapists, each given the template's program.
    const accountIds = (
      await client.query<{ id: number }>(
        `with chosen as (
           select id, clinic_id, email, first_name, last_name from patients
            where clinic_id = $1 and email like 'bench.patient%' and status = 'onboarded' and is_rtm_covered
            order by id limit $2
         ), made as (
           insert into users (clinic_id, email, password_hash, first_name, last_name, role, approval_status)
           select clinic_id, email, 'not-a-password-hash', first_name, last_name, 'patient', 'approved' from chosen
           returning id, email
         )
         update patients p set user_id = made.id from made where p.email = made.email and p.clinic_id = $1
         returning made.id`,
        [clinicId, options.patientAccounts],
      )
    ).rows.map((r) => r.id);
    if (accountIds.length < options.patientAccounts) {
      throw new Error(`only ${accountIds.length} patients could have an account; seed more patients`);
    }
    await client.query(
      `insert into hep_items (clinic_id, patient_id, video_id, folder_id, folder_name, position, sets, reps,
                              hold_seconds, times_per_day, days_per_week, description)
       select h.clinic_id, p.id, h.video_id, h.folder_id, h.folder_name, h.position, h.sets, h.reps,
              h.hold_seconds, h.times_per_day, h.days_per_week, h.description
         from hep_items h, patients p
        where h.patient_id = $2 and h.deleted_at is null and p.clinic_id = $1 and p.user_id = any($3::int[])`,
      [clinicId, template, accountIds],
    );
    const therapistTokens = await signIn(client, therapistIds, 'staff');
    const patientTokens = await signIn(client, accountIds, 'patient');
    // Each therapist opens the dashboards of their own patients in monitoring (onboarded and RTM-covered).
    const { rows } = await client.query<{ therapist_id: number; ids: number[] }>(
      `select therapist_id, (array_agg(id order by (user_id is null), id))[1:20] as ids
         from patients
        where clinic_id = $1 and therapist_id = any($2::int[]) and status = 'onboarded' and is_rtm_covered
        group by therapist_id`,
      [clinicId, therapistIds],
    );
    const patientsOf = new Map(rows.map((r) => [r.therapist_id, r.ids]));
    await client.query('analyze');
    return {
      storageDir,
      therapists: therapistIds.map((id, i) => ({ token: therapistTokens[i]!, patientIds: patientsOf.get(id) ?? [] })),
      patients: patientTokens.map((token) => ({ token })),
    };
  } finally {
    await client.end();
  }
}

/** A session of a day for each user, as a sign-in makes; the tokens in the users' order. */
async function signIn(client: pg.Client, userIds: number[], kind: 'staff' | 'patient'): Promise<string[]> {
  const tokens = userIds.map(() => randomToken());
  await client.query(
    `insert into sessions (user_id, token_hash, kind, expires_at)
     select u, h, $3, now() + interval '1 day' from unnest($1::int[], $2::text[]) as t(u, h)`,
    [userIds, tokens.map(hashToken), kind],
  );
  return tokens;
}

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../apps/api/src/config.ts';
import type { Database } from '../../apps/api/src/db/client.ts';
import { DEMO_CLINIC_CODE, demoVideoOptions, seedDemo } from '../../apps/api/src/seed/demo.ts';

/**
 * The demo clinic (its staff, patients with programs, logs, readings, monitoring and the exercise library), grown to
 * a clinic of realistic size: `extraPatients` more patients shared by its two therapists, and a conversation with
 * `messagesPerChat` messages for every `chatEvery`-th patient. Set-based SQL, so the fill takes seconds.
 */
export async function fillClinic(
  database: Database,
  databaseUrl: string,
  options: { extraPatients: number; chatEvery: number; messagesPerChat: number },
): Promise<{ storageDir: string }> {
  const storageDir = mkdtempSync(join(tmpdir(), 'rehabit-bench-routes-'));
  // Without ffmpeg the bundled clip stands for every exercise: the library exists without rendering.
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: storageDir, FFMPEG_PATH: '/nonexistent/ffmpeg' });
  await seedDemo(database.db, { restrictedCode: 'X5218', videos: demoVideoOptions(config) });

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ clinic_id: number; therapist_ids: number[]; sender_id: number }>(
      `select c.id as clinic_id,
              array_agg(u.id order by u.id) filter (where u.role = 'therapist' and u.approval_status = 'approved') as therapist_ids,
              min(u.id) filter (where u.email = 'therapist@example.com') as sender_id
         from clinics c join users u on u.clinic_id = c.id
        where c.code = $1 group by c.id`,
      [DEMO_CLINIC_CODE],
    );
    const { clinic_id: clinicId, therapist_ids: therapistIds, sender_id: senderId } = rows[0]!;
    await client.query(
      `insert into patients (clinic_id, first_name, last_name, phone, birthday, email, status, is_rtm_covered, therapist_id)
       select $2::int,
         (array['Maria','James','Linda','Robert','Patricia','Michael','Barbara','William','Elizabeth','David','Susan','Anna'])[1 + (g * 7) % 12],
         (array['Garcia','Johnson','Williams','Brown','Lopez','Miller','Davis','Rodriguez','Thompson','Hernandez','Wilson','Lee'])[1 + (g * 13) % 12] || (g % 97)::text,
         '555' || lpad(g::text, 7, '0'),
         date '1940-01-01' + (g * 37 % 25000),
         'bench.patient' || g || '@example.net',
         (array['registered','onboarded','onboarded','onboarded','discharged'])[1 + g % 5],
         g % 3 <> 0,
         ($3::int[])[1 + g % cardinality($3::int[])]
       from generate_series(1, $1::int) as g`,
      [options.extraPatients, clinicId, therapistIds],
    );
    // Conversations: a patient writes, the therapist answers; the newest is the patient's, so staff see it unread.
    await client.query(
      `with picked as (
         select id from patients where clinic_id = $1 and status = 'onboarded' and id % $2 = 0
       ), opened as (
         insert into chat_sessions (clinic_id, kind, patient_id, last_message_at, last_patient_message_at)
         select $1, 'patient', id, now(), now() from picked
         returning id, patient_id
       )
       insert into chat_messages (session_id, sender_user_id, body, created_at)
       select o.id,
              case when m % 2 = 0 then coalesce(p.user_id, $4) else $4 end,
              'Message ' || m || ' about the exercises of this week.',
              now() - make_interval(hours => $3 - m)
         from opened o join patients p on p.id = o.patient_id, generate_series(1, $3::int) as m`,
      [clinicId, options.chatEvery, options.messagesPerChat, senderId],
    );
    // A clinic's tables in production are vacuumed by autovacuum (after about a thousand inserts), which marks their
    // pages all-visible: the list's capped count then reads its name index alone, without visiting the table. A
    // freshly filled table that was only analyzed would make every index-only read fetch each row from the table.
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
  return { storageDir };
}

/**
 * The server makes a poster and reads the length of every seeded video when it starts (ffmpeg, in child processes).
 * That is start-up work, not a request's: the routes are measured once it is over, as a running clinic's server is.
 */
export async function waitForVideoProcessing(databaseUrl: string, timeoutMs = 600_000): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    let last = -1;
    for (;;) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from videos where status = 'processing'`,
      );
      const waiting = rows[0]!.n;
      if (waiting === 0) return;
      if (waiting !== last) console.log(`  waiting for the server to process ${waiting} seeded videos…`);
      last = waiting;
      if (Date.now() > deadline) throw new Error(`${waiting} videos still processing after ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } finally {
    await client.end();
  }
}

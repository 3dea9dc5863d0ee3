import pg from 'pg';
import type { Db } from '../../apps/api/src/db/client.ts';
import { clinics, sessions, users } from '../../apps/api/src/db/schema.ts';
import { hashToken, randomToken } from '../../apps/api/src/lib/tokens.ts';

/**
 * Inserts `total` patients spread over ten clinics, `inClinic` of them in the first one, with set-based SQL.
 * The trigram index is built after the load, as a bulk import would do.
 */
export async function fillPatients(databaseUrl: string, total: number, inClinic: number): Promise<number> {
  // Its own connection: the bulk load runs longer than the server pool's statement timeout allows.
  const pool = new pg.Client({ connectionString: databaseUrl });
  await pool.connect();
  try {
    return await load(pool, total, inClinic);
  } finally {
    await pool.end();
  }
}

async function load(pool: pg.Client, total: number, inClinic: number): Promise<number> {
  const clinicIds: number[] = [];
  for (let i = 0; i < 10; i++) {
    const { rows } = await pool.query(`insert into clinics (code, name) values ($1, $2) returning id`, [
      `BENCH${i}`,
      `Bench clinic ${i}`,
    ]);
    clinicIds.push(rows[0].id);
  }
  await pool.query('drop index if exists patients_clinic_search_trgm_idx');
  await pool.query(
    `insert into patients (clinic_id, first_name, last_name, phone, birthday, email, status, is_rtm_covered)
     select
       case when g <= $2 then $3::int else ($4::int[])[2 + (g % 9)] end,
       (array['Maria','James','Linda','Robert','Patricia','Michael','Barbara','William','Elizabeth','David','Susan','Anna'])[1 + (g * 7) % 12],
       (array['Garcia','Johnson','Williams','Brown','Lopez','Miller','Davis','Rodriguez','Thompson','Hernandez','Wilson','Lee','Walker','Young','King'])[1 + (g * 13) % 15] || (g % 997)::text,
       '555' || lpad((g % 10000000)::text, 7, '0'),
       date '1930-01-01' + (g % 25000),
       'patient' || g || '@example.net',
       (array['registered','onboarded','onboarded','onboarded','discharged'])[1 + g % 5],
       g % 3 <> 0
     from generate_series(1, $1::int) as g`,
    [total, inClinic, clinicIds[0], clinicIds],
  );
  await pool.query(
    'create index patients_clinic_search_trgm_idx on patients using gin (clinic_id, search_text gin_trgm_ops)',
  );
  await pool.query('analyze patients');
  return clinicIds[0]!;
}

export async function makeSignedInTherapist(db: Db, clinicId: number) {
  const [clinic] = await db.select().from(clinics).limit(1);
  const [user] = await db
    .insert(users)
    .values({
      clinicId,
      email: 'bench@example.test',
      passwordHash: 'x',
      firstName: 'Bench',
      lastName: 'Therapist',
      role: 'therapist',
      approvalStatus: 'approved',
    })
    .returning({ id: users.id });
  const token = randomToken();
  const now = new Date();
  await db.insert(sessions).values({
    userId: user!.id,
    tokenHash: hashToken(token),
    kind: 'staff',
    expiresAt: new Date(now.getTime() + 86_400_000),
  });
  return { token, actor: { id: user!.id, clinicId, clinicCode: clinic!.code } };
}

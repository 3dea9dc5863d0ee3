import pg from 'pg';
import { hashToken, randomToken } from '../../apps/api/src/lib/tokens.ts';

/** Surnames, the most frequent first; late-alphabet names are among the frequent ones, the hard case of a search. */
const LAST_NAMES = [
  'Smith',
  'Williams',
  'Garcia',
  'Young',
  'Johnson',
  'Lee',
  'Zimmerman',
  'Brown',
  'Wilson',
  'Thompson',
  'Walker',
  'Lopez',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Yates',
  'Ziegler',
  'Vaughn',
  'Underwood',
  'Owens',
  'Fleet',
  'Ashlee',
  'Kathleen',
  'Ivanova',
];
const FIRST_NAMES = [
  'Maria',
  'James',
  'Linda',
  'Robert',
  'Patricia',
  'Michael',
  'Barbara',
  'William',
  'Elizabeth',
  'David',
  'Susan',
  'Anna',
  'Mark',
  'Marcus',
  'Joseph',
  'Jennifer',
  'Charles',
  'Karen',
  'Thomas',
  'Nancy',
  'Daniel',
  'Lisa',
  'Paul',
  'Sandra',
  'Steven',
  'Emily',
  'Kevin',
  'Zoe',
  'Yusuf',
  'Xavier',
];

const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

/**
 * Inserts `total` patients over ten clinics with one set-based statement; every tenth row (`inClinic` in all) belongs
 * to the measured clinic, so its rows lie spread over the whole table as in a shared database. Surnames are skewed
 * (Smith about 1 in 7, Young 1 in 20, Zimmerman 1 in 30): a search for a common late-alphabet name matches
 * thousands. Secondary indexes are built after the load, as a bulk import would do.
 */
export async function fillPatients(databaseUrl: string, total: number, inClinic: number): Promise<number> {
  // Its own connection: the bulk load runs longer than the server pool's statement timeout allows.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await load(client, total, inClinic);
  } finally {
    await client.end();
  }
}

async function load(client: pg.Client, total: number, inClinic: number): Promise<number> {
  const { rows: clinicRows } = await client.query<{ id: number }>(
    `insert into clinics (code, name) select 'BENCH' || i, 'Bench clinic ' || i from generate_series(0, 9) as i
     returning id`,
  );
  const clinicIds = clinicRows.map((r) => r.id);
  const { rows: indexes } = await client.query<{ indexdef: string; indexname: string }>(
    `select indexname, indexdef from pg_indexes where tablename = 'patients' and indexname <> 'patients_pkey'`,
  );
  for (const index of indexes) await client.query(`drop index ${index.indexname}`);
  const every = Math.max(1, Math.round(total / inClinic));
  // h: a deterministic pseudo-random number in [0, 1) per row; its square skews the surname towards the list's head.
  await client.query(
    `insert into patients (clinic_id, first_name, last_name, phone, birthday, email, status, is_rtm_covered)
     select
       case when g % $2::int = 0 then $3::int else ($4::int[])[2 + (g % 9)] end,
       first[1 + (g * 7 + g / 30) % array_length(first, 1)],
       last[1 + floor(h * h * array_length(last, 1))::int],
       '555' || lpad((g % 10000000)::text, 7, '0'),
       date '1930-01-01' + (g % 25000),
       'patient' || g || '@example.net',
       (array['registered','onboarded','onboarded','onboarded','discharged'])[1 + g % 5],
       g % 3 <> 0
     from generate_series(1, $1::int) as g,
       lateral (select ((g::bigint * 2654435761) % 4294967296) / 4294967296.0 as h) as r,
       lateral (select ${sqlArray(FIRST_NAMES)} as first, ${sqlArray(LAST_NAMES)} as last) as names`,
    [total, every, clinicIds[0], clinicIds],
  );
  await client.query("set maintenance_work_mem = '256MB'");
  for (const index of indexes) await client.query(index.indexdef);
  await client.query('vacuum analyze patients');
  return clinicIds[0]!;
}

/** A therapist of the measured clinic with an open staff session; answers the session's bearer token. */
export async function signedInTherapist(databaseUrl: string, clinicId: number): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `insert into users (clinic_id, email, password_hash, first_name, last_name, role, approval_status)
       values ($1, 'bench@example.test', 'x', 'Bench', 'Therapist', 'therapist', 'approved') returning id`,
      [clinicId],
    );
    const token = randomToken();
    await client.query(
      `insert into sessions (user_id, token_hash, kind, expires_at) values ($1, $2, 'staff', now() + interval '1 day')`,
      [rows[0]!.id, hashToken(token)],
    );
    return token;
  } finally {
    await client.end();
  }
}

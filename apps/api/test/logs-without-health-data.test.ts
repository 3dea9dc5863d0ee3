import { randomUUID } from 'node:crypto';
import { toE164 } from '@rehabit/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { createTestDatabase } from './database.ts';
import { makeClinicWithSupervisor, makeUser, PASSWORD } from './factories.ts';
import { createTestClock, testConfig } from './helpers.ts';
import { makeFolder, makeVideo } from './hep-support.ts';
import { signedInPatient, verifyPhone } from './patient-app-support.ts';
import { api } from './patients-support.ts';

/**
 * Every documented route with a text field in its body or query string gets a NUL byte in each of those fields in
 * turn (PostgreSQL refuses it), with realistic names, phones, birth dates, e-mails and passwords in the others,
 * from every kind of caller. Whatever is logged, at any level, holds none of the values sent: no PHI, no secret,
 * no password hash. Every value sent is a distinctive marker, so a single leaked parameter shows.
 */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
};
type Operation = {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type Verb = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Caller = { name: string; token?: string };

const lines: string[] = [];
const serverErrors: Error[] = [];
let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;

/** Substrings of every value sent that must never reach the log (lowercase; the log is searched without case). */
const secrets = new Set<string>();
let counter = 0;
const tag = () => `qz${++counter}x`;
const remember = (secret: string) => {
  secrets.add(secret.toLowerCase());
  return secret;
};
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Distinctive realistic values: the tag inside each is what the log is searched for. */
const values = {
  text: () => `${remember(tag())} Quillfeather knee pain since the fall`,
  name: () => `${remember(tag())}son`,
  email: () => `${remember(tag())}@example.test`,
  password: () => `${remember(tag())}-Horse-Battery-9`,
  phone: () => {
    const digits = `555${pad(7_000_000 + ++counter, 7)}`;
    remember(digits);
    return remember(`(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`);
  },
  birthday: () => remember(`19${pad(20 + (++counter % 70))}-${pad(1 + (counter % 12))}-${pad(1 + (counter % 28))}`),
  nul: () => `${remember(tag())}-\u0000-x`,
};

let fixtures: {
  clinicCode: string;
  subjectId: number;
  patientId: number;
  therapistId: number;
  throwawayUserId: number;
  videoId: number;
  folderId: number;
  hepId: number;
  interactionId: number;
  seriesId: number;
  entryId: number;
  sessionId: number;
};
let staff: Record<'supervisor' | 'therapist' | 'manager' | 'admin', { email: string; password: string; token: string }>;
let patientToken: string;

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/clinic/therapist/signin', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return res.json().token as string;
}

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  app = await buildApp({
    config: testConfig({ LOG_LEVEL: 'trace' }),
    database,
    clock: createTestClock(),
    logStream: { write: (line) => void lines.push(line) },
    onServerError: (err) => void serverErrors.push(err),
  });
  await app.ready();
  const db = database.db;
  const { clinic, supervisor } = await makeClinicWithSupervisor(db);
  const users = {
    supervisor,
    therapist: await makeUser(db, clinic.id, { role: 'therapist' }),
    manager: await makeUser(db, clinic.id, { role: 'manager' }),
    admin: await makeUser(db, clinic.id, { role: 'admin' }),
  };
  staff = {} as typeof staff;
  for (const [role, user] of Object.entries(users)) {
    staff[role as keyof typeof staff] = { ...user, token: await signIn(user.email, PASSWORD) };
  }
  const therapistToken = staff.therapist.token;
  const call = api(app);
  const patient = await signedInPatient(app, db, therapistToken);
  patientToken = patient.token;
  const subject = await call.register(therapistToken);
  const video = await makeVideo(db, { clinicId: clinic.id, ownerUserId: users.therapist.id });
  const folder = await makeFolder(db, { clinicId: clinic.id, userId: users.therapist.id }, [video.id]);
  const hep = await call.post(`/video/hep/therapist/${patient.id}`, therapistToken, [{ video_id: video.id }]);
  const interaction = await call.post(`/api/v1/patients/${subject.id}/log_interaction/`, therapistToken, {
    date: '2026-02-27',
    start_time: '09:00',
    notes: 'first call',
    minutes: 10,
  });
  const series = await call.post(`/user/therapist/dashboard/functional-data/${patient.id}`, therapistToken, {
    datatype_id: 7,
    name: 'Right knee flexion',
    entries: [{ date: '2026-02-20', answers: [45] }],
  });
  const session = await call.post('/chat/session', therapistToken, { patient: patient.id });
  for (const res of [hep, interaction, series, session]) {
    if (res.statusCode >= 300) throw new Error(`fixture failed: ${res.statusCode} ${res.body}`);
  }
  const firstSeries = series.json();
  fixtures = {
    clinicCode: clinic.code,
    subjectId: subject.id,
    patientId: patient.id,
    therapistId: users.therapist.id,
    throwawayUserId: (await makeUser(db, clinic.id, { role: 'therapist' })).id,
    videoId: video.id,
    folderId: folder.id,
    hepId: hep.json().results[0].id,
    interactionId: interaction.json().id,
    seriesId: firstSeries.id,
    entryId: firstSeries.entries[0].id,
    sessionId: session.json().id,
  };
}, 120_000);

afterAll(async () => {
  await app?.close();
  await drop?.();
});

/** The number an id-like field names, from the fixtures; other numbers are small valid ones. */
function numberFor(name: string, schema: JsonSchema): number {
  const ids: Record<string, number> = {
    user_id: fixtures.throwawayUserId,
    therapists: fixtures.throwawayUserId,
    therapist: fixtures.therapistId,
    therapist_id: fixtures.therapistId,
    patient: fixtures.patientId,
    session: fixtures.sessionId,
    video_id: fixtures.videoId,
    video_ids: fixtures.videoId,
    videos: fixtures.videoId,
    folder: fixtures.folderId,
    folder_id: fixtures.folderId,
    libraryfolder_id: fixtures.folderId,
    libraryfolder_ids: fixtures.folderId,
    hep_id: fixtures.hepId,
    hep_ids: fixtures.hepId,
    log: fixtures.interactionId,
    datatype_id: 7,
    answers: 45,
    page: 1,
    page_size: 20,
    weeks_ago: 0,
    minutes: 10,
  };
  return ids[name] ?? Math.max(1, schema.minimum ?? 1);
}

/** A realistic string for a field, by its name and schema; every free value is a marker. */
function stringFor(name: string, schema: JsonSchema): string {
  if (schema.enum?.length) return String(schema.enum[0]);
  if (/email/.test(name)) return values.email();
  if (/password/.test(name)) return values.password();
  if (/first_name|last_name/.test(name)) return values.name();
  if (name === 'phone') return values.phone();
  if (name === 'birthday') return values.birthday();
  if (name === 'selected_code') return '+1';
  if (name === 'otp') return '123456';
  if (name === 'diagnosis') return 'M54.50';
  if (name === 'code' || name === 'clinic_code') return fixtures.clinicCode;
  if (name === 'client_id' || schema.format === 'uuid') return randomUUID();
  if (schema.format === 'date-time') return '2026-03-01T10:00:00Z';
  if (schema.format === 'date' || /date/.test(name)) return '2026-02-20';
  if (name === 'has_access') return 'true';
  if (name === 'start_time') return '10:00';
  return values.text();
}

/** A valid value for a schema, realistic in every field. */
function sample(schema: JsonSchema, name: string): unknown {
  if (schema.anyOf) {
    const branch = schema.anyOf.find((s) => !(s.enum && s.enum.length === 1 && s.enum[0] === '')) ?? schema.anyOf[0]!;
    return sample(branch, name);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object') {
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, s]) => [key, sample(s, key)]));
  }
  if (type === 'array') return [sample(schema.items ?? {}, name)];
  if (type === 'integer' || type === 'number') return numberFor(name, schema);
  if (type === 'boolean') return true;
  return stringFor(name, schema);
}

/** Bodies the generic sample cannot guess: items that take one of two fields, a series to correct. */
function bodyFor(route: string, schema: JsonSchema): unknown {
  const body = sample(schema, 'body');
  if (route === 'POST /video/hep/therapist/{dashboardId}') {
    const [item] = body as Record<string, unknown>[];
    const { folder_id: _f, folder_name, ...videoItem } = item!;
    return [videoItem, { folder_id: fixtures.folderId, folder_name }];
  }
  if (route === 'PATCH /user/therapist/dashboard/functional-data/{patientId}') {
    const patch = body as { id: number; entries: { id: number }[] };
    patch.id = fixtures.seriesId;
    for (const entry of patch.entries) entry.id = fixtures.entryId;
  }
  if (route === 'POST /api/v1/patients/{id}/log_interaction/') {
    // A call is logged within the 7 days before the clock's Mar 2 (decision 1282), clear of the fixture's call.
    (body as { date: string }).date = '2026-02-27';
  }
  return body;
}

/** The paths of every string inside a value (array elements by index). */
function stringPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [prefix];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...prefix, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...prefix, k]));
  }
  return [];
}

function withValueAt(value: unknown, path: (string | number)[], replacement: string): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = withValueAt(copy[head!], rest, replacement);
  return copy;
}

const fieldName = (path: (string | number)[]) => path.filter((p) => typeof p === 'string').join('.');

/** The declared text fields of a schema, by dotted name (array elements by their field name). */
function textFields(schema: JsonSchema, prefix = ''): string[] {
  if (schema.anyOf) return [...new Set(schema.anyOf.flatMap((s) => textFields(s, prefix)))];
  if (schema.properties) {
    return Object.entries(schema.properties).flatMap(([k, s]) => textFields(s, prefix ? `${prefix}.${k}` : k));
  }
  if (schema.items) return textFields(schema.items, prefix);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('string') ? [prefix] : [];
}

/** A verification token for a phone, through the real code sent and entered. */
async function verifiedPhoneToken(phone: string) {
  const res = await verifyPhone(app, database.db, phone);
  if (res.statusCode !== 200) throw new Error(`phone verification failed: ${res.body}`);
  return res.json().verification_token as string;
}

function pathFor(path: string) {
  return path
    .replace('{dashboardId}', String(fixtures.patientId))
    .replace('{patientId}', String(fixtures.patientId))
    .replace('{hepId}', String(fixtures.hepId))
    .replace('{clinicCode}', fixtures.clinicCode)
    .replace(/^\/video\/library\/\{ids?\}/, `/video/library/${fixtures.folderId}`)
    .replace(/^\/video\/\{id\}/, `/video/${fixtures.videoId}`)
    .replace(/^\/api\/v1\/heps\/\{id\}/, `/api/v1/heps/${fixtures.hepId}`)
    .replace('{id}', String(fixtures.subjectId));
}

const callers = (): Caller[] => [
  { name: 'nobody' },
  { name: 'patient', token: patientToken },
  { name: 'therapist', token: staff.therapist.token },
  { name: 'manager', token: staff.manager.token },
  { name: 'admin', token: staff.admin.token },
  { name: 'supervisor', token: staff.supervisor.token },
];

describe('logs without health data', () => {
  it('log no value of any request refused by the database, from any route and any caller', async () => {
    const doc = (await app.inject('/docs/json')).json() as { paths: Record<string, Record<string, Operation>> };
    const failures: string[] = [];
    const exercised = new Set<string>();
    const missed: string[] = [];
    let calls = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (path === '/clinic/therapist/logout') continue;
      for (const [method, operation] of Object.entries(operations)) {
        const verb = method.toUpperCase() as Verb;
        const route = `${verb} ${path}`;
        const querySchema: JsonSchema = {
          type: 'object',
          properties: Object.fromEntries(
            (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p.schema]),
          ),
        };
        const bodySchema = operation.requestBody?.content['application/json']?.schema;
        const declared = [
          ...textFields(querySchema).map((f) => `query.${f}`),
          ...(bodySchema ? textFields(bodySchema).map((f) => `body.${f}`) : []),
        ];
        if (declared.length === 0) continue;
        const probe = () => ({
          query: sample(querySchema, 'query') as Record<string, string>,
          body: bodySchema ? bodyFor(route, bodySchema) : undefined,
        });
        const shape = probe();
        const fields = [
          ...stringPaths(shape.query).map((p) => ['query', ...p]),
          ...stringPaths(shape.body).map((p) => ['body', ...p]),
        ];
        for (const field of fields) {
          exercised.add(`${route} ${fieldName(field)}`);
          for (const caller of callers()) {
            const request = probe() as Record<string, unknown>;
            if (route === 'POST /clinic/patient/qr-registration') {
              // The form is only taken with the token of a phone just verified by its code.
              const body = request.body as { phone: string; selected_code: string; verification_token: string };
              body.verification_token = await verifiedPhoneToken(toE164(body.selected_code, body.phone));
            }
            const sent = withValueAt(request, field, values.nul()) as typeof request;
            const res = await app.inject({
              method: verb,
              url: pathFor(path),
              query: sent.query as Record<string, string>,
              headers: caller.token ? { authorization: `Bearer ${caller.token}` } : {},
              ...(sent.body !== undefined ? { payload: sent.body as object } : {}),
            });
            calls++;
            if (res.statusCode >= 500)
              failures.push(`${res.statusCode} ${route} ${fieldName(field)} as ${caller.name}`);
            if (route === 'PATCH /clinic/supervisor' && res.statusCode < 300 && caller.name === 'supervisor') {
              // A new password (or e-mail) of the supervisor ends their sessions: sign in again with it.
              const body = sent.body as { supervisor_email?: string; new_password?: string };
              staff.supervisor.email = body.supervisor_email ?? staff.supervisor.email;
              staff.supervisor.password = body.new_password ?? staff.supervisor.password;
              staff.supervisor.token = await signIn(staff.supervisor.email, staff.supervisor.password);
            }
          }
        }
        for (const name of declared) if (!exercised.has(`${route} ${name}`)) missed.push(`${route} ${name}`);
      }
    }
    expect(failures).toEqual([]);
    expect(missed).toEqual([]);
    expect(serverErrors).toEqual([]);
    expect(calls).toBeGreaterThan(300);

    const log = lines.join('').toLowerCase();
    const leaked = [...secrets].filter((secret) => log.includes(secret));
    expect(leaked.length, `leaked values, e.g. ${leaked.slice(0, 5).join(' | ')}`).toBe(0);
    expect(log).not.toContain('$argon2');

    // The refusals were logged, by route and field names.
    const refused = lines
      .map((line) => JSON.parse(line) as { msg: string; route?: string; method?: string; fields?: string[] })
      .filter((entry) => entry.msg === 'input refused by the database');
    const refusedRoutes = new Set(refused.map((entry) => `${entry.method} ${entry.route}`));
    expect(mustReachTheDatabase.filter((route) => !refusedRoutes.has(route))).toEqual([]);
    for (const entry of refused) expect(entry.fields?.length, JSON.stringify(entry)).toBeGreaterThan(0);
  }, 300_000);
  it('log any error without its values, with or without a message of its own', async () => {
    const email = values.email();
    const name = values.nul();
    let refused: unknown;
    try {
      await database.db.execute(sql`select ${email}::text, ${name}::text`);
    } catch (err) {
      refused = err;
    }
    const from = lines.length;
    app.log.error(refused as Error);
    app.log.warn({ err: refused });
    app.log.child({ socket: 'x' }).error({ err: refused }, 'socket send failed');
    app.log.info({ error: refused }, 'other key');
    const written = lines.slice(from);
    expect(written).toHaveLength(4);
    for (const line of written) {
      expect(line).toContain('DrizzleQueryError');
      expect(line.toLowerCase()).not.toContain(email.toLowerCase());
      expect(line).not.toContain(name.slice(0, name.indexOf('-')));
    }
    expect(JSON.parse(written[0]!).msg).toBe('Failed query: select $1::text, $2::text');
  });
});

/**
 * Routes whose NUL reaches PostgreSQL (free text stored or searched): each must have logged its refusal. Staff
 * sign-up, the supervisor's profile and patient registration and edits have no such field any more: their names
 * follow the name rule (decision 1265) and are refused before the database, like their other fields.
 */
const mustReachTheDatabase = [
  'POST /clinic/therapist/reset-password-confirm',
  'GET /clinic/therapist',
  'GET /api/v1/patients/',
  'POST /api/v1/patients/:id/log_interaction/',
  'GET /api/v1/icd10_codes/',
  'POST /chat/message',
  'GET /video/list',
  'POST /video/create_by_therapist',
  'PATCH /video/:id',
  'POST /video/library',
  'PATCH /video/library/:id',
  'POST /video/hep_request/create',
  'POST /video/hep/therapist/:dashboardId',
  'PATCH /video/hep/therapist/:dashboardId/:hepId',
  'POST /api/v1/patient/exercise-logs/',
  'POST /user/therapist/dashboard/functional-data/:patientId',
  'PATCH /user/therapist/dashboard/functional-data/:patientId',
];

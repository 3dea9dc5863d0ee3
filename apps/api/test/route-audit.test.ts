// The route layer's part of the audit: a read's row when the service wrote none, and no change without its row.
import { defineEndpoints } from '@rehabit/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Actor } from '../src/db/scope.ts';
import { route } from '../src/http/route.ts';
import { createAuditLog, noteNothingChanged } from '../src/lib/audit.ts';
import { registerErrorHandling } from '../src/plugins/errors.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { makeClinic, makeUser } from './factories.ts';
import { auditRows } from './hep-support.ts';

const probe = defineEndpoints('probe', {
  read: {
    method: 'GET',
    path: '/probe/read/:id',
    access: 'patients.read',
    audit: { read: 'patient.read' },
    params: z.object({ id: z.coerce.number() }),
    status: 200,
    response: z.object({ id: z.number() }),
  },
  readAll: {
    method: 'GET',
    path: '/probe/read-all',
    access: 'patients.read',
    audit: { read: 'patient.list' },
    status: 200,
    response: z.object({ ok: z.boolean() }),
  },
  change: {
    method: 'POST',
    path: '/probe/change',
    access: 'patients.manage',
    audit: { change: 'patient.update' },
    body: z.object({ audits: z.boolean(), sentAgain: z.boolean() }),
    status: 201,
    response: z.object({ ok: z.boolean() }),
  },
  // A monitoring session's heart-beats: the session's end is audited, its beats are not.
  beat: {
    method: 'PUT',
    path: '/probe/session',
    access: 'patients.manage',
    audit: { change: 'monitoring.end', oncePerSession: { endedBy: 'end_reason' } },
    body: z.object({ audits: z.boolean(), end_reason: z.string().optional() }),
    status: 200,
    response: z.object({ ok: z.boolean() }),
  },
});

let db: TestDatabase;
let app: FastifyInstance;
let actor: Actor;

beforeAll(async () => {
  db = await createTestDatabase();
  const clinic = await makeClinic(db.database.db);
  const user = await makeUser(db.database.db, clinic.id);
  actor = { id: user.id, clinicId: clinic.id, clinicCode: clinic.code, role: 'therapist' };
  const audit = createAuditLog(db.database.db);
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, {});
  app.decorate('audit', audit);
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    request.actor = actor;
  });
  route(app, probe.read, ({ params }) => ({ id: params.id }));
  route(app, probe.readAll, () => ({ ok: true }));
  route(app, probe.change, async ({ body, actor, ctx }) => {
    if (body.sentAgain) noteNothingChanged();
    else if (body.audits) {
      await audit.record({ action: 'patient.update', outcome: 'success', actorUserId: actor.id, ip: ctx.ip });
    }
    return { ok: true };
  });
  route(app, probe.beat, async ({ body, actor, ctx }) => {
    if (body.audits) {
      await audit.record({ action: 'monitoring.end', outcome: 'success', actorUserId: actor.id, ip: ctx.ip });
    }
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

const changeRows = async () => (await auditRows(db.database.db, 'patient.update')).length;

describe('the route layer', () => {
  it('audits a read its service did not, with the caller, the clinic and the route', async () => {
    const res = await app.inject({ method: 'GET', url: '/probe/read/42' });
    expect(res.statusCode).toBe(200);
    const rows = await auditRows(db.database.db, 'patient.read');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      outcome: 'success',
      actorUserId: actor.id,
      clinicId: actor.clinicId,
      detail: { route: 'GET /probe/read/:id', params: { id: 42 } },
    });
  });

  it('names no path parameters of an endpoint that declares none, as an empty list of them', async () => {
    expect((await app.inject({ method: 'GET', url: '/probe/read-all' })).statusCode).toBe(200);
    const rows = await auditRows(db.database.db, 'patient.list');
    expect(rows.map((row) => row.detail)).toEqual([{ route: 'GET /probe/read-all', params: {} }]);
  });

  it('answers a change that its service audited, and refuses one that left no audit row', async () => {
    const audited = await app.inject({
      method: 'POST',
      url: '/probe/change',
      payload: { audits: true, sentAgain: false },
    });
    expect(audited.statusCode).toBe(201);
    expect(await changeRows()).toBe(1);

    const forgotten = await app.inject({
      method: 'POST',
      url: '/probe/change',
      payload: { audits: false, sentAgain: false },
    });
    expect(forgotten.statusCode).toBe(500);
    expect(await changeRows()).toBe(1);
  });

  it('answers a change sent again, which changed nothing, without a row', async () => {
    const again = await app.inject({
      method: 'POST',
      url: '/probe/change',
      payload: { audits: false, sentAgain: true },
    });
    expect(again.statusCode).toBe(201);
    expect(await changeRows()).toBe(1);
  });

  it('answers the beats of a session audited once per session without a row, and its end only with one', async () => {
    const beat = (body: object) => app.inject({ method: 'PUT', url: '/probe/session', payload: body });
    const endRows = async () => (await auditRows(db.database.db, 'monitoring.end')).length;
    expect((await beat({ audits: false })).statusCode).toBe(200);
    expect((await beat({ audits: false })).statusCode).toBe(200);
    expect(await endRows()).toBe(0);
    // A beat that writes the row anyway would write the log every 30 s: refused like a change without its row.
    expect((await beat({ audits: true })).statusCode).toBe(500);
    expect(await endRows()).toBe(1);
    // The end owes its row.
    expect((await beat({ audits: false, end_reason: 'left' })).statusCode).toBe(500);
    expect((await beat({ audits: true, end_reason: 'left' })).statusCode).toBe(200);
    expect(await endRows()).toBe(2);
  });

  it('checks access before anything is audited', async () => {
    actor = { ...actor, role: 'patient' };
    const refused = await app.inject({ method: 'GET', url: '/probe/read/7' });
    expect(refused.statusCode).toBe(403);
    expect(await auditRows(db.database.db, 'patient.read')).toHaveLength(1);
    actor = { ...actor, role: 'therapist' };
  });
});

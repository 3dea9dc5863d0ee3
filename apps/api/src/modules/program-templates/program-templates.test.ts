import { programTemplateEndpoints as endpoints, hepEndpoints, pathOf } from '@rehabit/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/factories.ts';
import { expectProblem, staffToken } from '../../../test/helpers.ts';
import { auditRows, makeVideo } from '../../../test/hep-support.ts';
import { twoClinicsForFile } from '../../../test/patients-support.ts';
import { auditEvents, hepItems, patients, programTemplateItems, programTemplates } from '../../db/schema.ts';

const { t, call, home, away } = await twoClinicsForFile();
const db = t.database.db;
const token = home.therapist.token;

type Item = { video_id: number; sets: number; reps: number; hold_seconds: number; description: string };
type Template = { id: number; name: string; visibility: string; retired: boolean; can_edit: boolean; items: Item[] };
type Program = { results: { id: number; video_id: number; sets: number; reps: number; order: number }[] };

const dosage = { sets: 2, reps: 10, hold_seconds: 0, times_per_day: 1, days_per_week: 7, description: '' };

async function clinicVideo(clinic = home, title?: string) {
  return makeVideo(db, { clinicId: clinic.clinic.id, ownerUserId: clinic.therapist.id, title });
}
async function newPatient(diagnosis?: string, clinic = home) {
  const { id } = await call.register(clinic.therapist.token);
  if (diagnosis) await db.update(patients).set({ diagnosis }).where(eq(patients.id, id));
  return id;
}
async function program(patientId: number, tokenOf = token) {
  const res = await call.get(pathOf(hepEndpoints.program, { dashboardId: patientId }), tokenOf);
  return res.json() as Program;
}
async function addToProgram(patientId: number, body: object[]) {
  const res = await call.post(pathOf(hepEndpoints.program, { dashboardId: patientId }), token, body);
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as Program;
}
async function createTemplate(body: object, tokenOf = token) {
  const res = await call.post(pathOf(endpoints.create), tokenOf, body);
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as Template;
}
async function templateWith(
  videoIds: number[],
  options: { visibility?: string; tokenOf?: string; name?: string } = {},
) {
  return createTemplate(
    {
      name: options.name ?? 'Knee week one',
      visibility: options.visibility ?? 'private',
      items: videoIds.map((video_id, i) => ({ video_id, ...dosage, reps: 10 + i })),
    },
    options.tokenOf ?? token,
  );
}
const apply = (patientId: number, body: object, tokenOf = token) =>
  call.post(pathOf(endpoints.apply, { id: patientId }), tokenOf, body);
const getTemplate = (id: number, tokenOf = token) => call.get(pathOf(endpoints.detail, { id }), tokenOf);
const storedItems = async (templateId: number) =>
  db
    .select()
    .from(programTemplateItems)
    .where(eq(programTemplateItems.templateId, templateId))
    .orderBy(programTemplateItems.position);

describe('saving and applying templates', () => {
  it('saves a program as a template with its exercises and dosage in order, audited with the patient', async () => {
    const patientId = await newPatient();
    const [a, b] = [await clinicVideo(), await clinicVideo()];
    await addToProgram(patientId, [
      { video_id: a.id, sets: 3, reps: 12, hold_seconds: 5, description: 'Slowly' },
      { video_id: b.id, sets: 1, reps: 8 },
    ]);
    const res = await call.post(pathOf(endpoints.saveFromProgram, { id: patientId }), token, {
      name: '  Post-op knee  ',
    });
    expect(res.statusCode).toBe(201);
    const template = res.json() as Template;
    expect(template).toMatchObject({ name: 'Post-op knee', visibility: 'private', retired: false, can_edit: true });
    expect(template.items.map((i) => [i.video_id, i.sets, i.reps, i.hold_seconds, i.description])).toEqual([
      [a.id, 3, 12, 5, 'Slowly'],
      [b.id, 1, 8, 0, ''],
    ]);
    const [row] = await auditRows(db, 'program_template.create', patientId);
    expect(row).toMatchObject({ outcome: 'success', clinicId: home.clinic.id, actorUserId: home.therapist.id });
    expect(row!.detail).toMatchObject({ template_id: template.id, from_patient: patientId });
  });

  it('refuses to save an empty program (409) and makes no template', async () => {
    const patientId = await newPatient();
    const before = await db.select().from(programTemplates);
    const res = await call.post(pathOf(endpoints.saveFromProgram, { id: patientId }), token, { name: 'Empty' });
    expectProblem(res, 409, 'conflict');
    expect(await db.select().from(programTemplates)).toHaveLength(before.length);
  });

  it('applies after the exercises of the program, skipping videos it holds; edits on either side stay apart', async () => {
    const patientId = await newPatient();
    const [a, b, c] = [await clinicVideo(), await clinicVideo(), await clinicVideo()];
    const existing = await addToProgram(patientId, [{ video_id: b.id, sets: 5, reps: 5 }]);
    const template = await templateWith([a.id, b.id, c.id]);

    const res = await apply(patientId, { template_id: template.id });
    expect(res.statusCode).toBe(200);
    const result = res.json();
    expect(result.skipped_present).toEqual([b.id]);
    expect(result.skipped_unavailable).toEqual([]);
    expect(result.added).toHaveLength(2);
    expect(result.program.results.map((r: { video_id: number }) => r.video_id)).toEqual([b.id, a.id, c.id]);
    // The program's own item keeps its dosage; the new ones take the template's.
    expect(result.program.results[0]).toMatchObject({ id: existing.results[0]!.id, sets: 5, reps: 5 });
    expect(result.program.results[1]).toMatchObject({ sets: 2, reps: 10 });

    const [audited] = await auditRows(db, 'program_template.apply', patientId);
    expect(audited).toMatchObject({ outcome: 'success', clinicId: home.clinic.id, actorUserId: home.therapist.id });
    expect(audited!.detail).toMatchObject({ template_id: template.id, hep_ids: result.added });

    // The patient's program edited: the template is unchanged.
    const itemsBefore = await storedItems(template.id);
    const newItem = result.program.results[1].id;
    const patch = await call.patch(pathOf(hepEndpoints.update, { dashboardId: patientId, hepId: newItem }), token, {
      sets: 9,
      reps: 30,
    });
    expect(patch.statusCode).toBe(200);
    expect(await storedItems(template.id)).toEqual(itemsBefore);
    expect((await getTemplate(template.id)).json().items[0]).toMatchObject({ video_id: a.id, sets: 2, reps: 10 });

    // The template edited later: the patient's program is unchanged.
    const programBefore = await program(patientId);
    const update = await call.patch(pathOf(endpoints.update, { id: template.id }), token, {
      name: 'Knee week two',
      items: [{ video_id: c.id, ...dosage, sets: 4 }],
    });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({ name: 'Knee week two', items: [{ video_id: c.id, sets: 4 }] });
    expect((await program(patientId)).results).toEqual(programBefore.results);
  });

  it('applying a template twice adds nothing the second time', async () => {
    const patientId = await newPatient();
    const template = await templateWith([(await clinicVideo()).id]);
    expect((await apply(patientId, { template_id: template.id })).json().added).toHaveLength(1);
    const again = (await apply(patientId, { template_id: template.id })).json();
    expect(again.added).toEqual([]);
    expect(again.program.count).toBe(1);
  });

  it('refuses an apply past the program cap (409), adding nothing', async () => {
    const patientId = await newPatient();
    const videos = [];
    for (let i = 0; i < 59; i++) videos.push(await clinicVideo());
    await addToProgram(
      patientId,
      videos.map((v) => ({ video_id: v.id })),
    );
    const template = await templateWith([(await clinicVideo()).id, (await clinicVideo()).id]);
    expectProblem(await apply(patientId, { template_id: template.id }), 409, 'conflict');
    expect((await program(patientId)).results).toHaveLength(59);
  });

  it('cannot apply a retired template (409); brought back, it can', async () => {
    const patientId = await newPatient();
    const template = await templateWith([(await clinicVideo()).id]);
    const retired = await call.post(pathOf(endpoints.retire, { id: template.id }), token, { retired: true });
    expect(retired.json()).toMatchObject({ retired: true });
    expect(await auditRows(db, 'program_template.retire')).not.toHaveLength(0);
    expectProblem(await apply(patientId, { template_id: template.id }), 409, 'conflict');
    expect((await program(patientId)).results).toEqual([]);
    // Not offered in the list, unless retired ones are asked for.
    const list = (await call.get(`${pathOf(endpoints.list)}?search=Knee`, token)).json();
    expect(list.results.map((r: { id: number }) => r.id)).not.toContain(template.id);
    const all = (await call.get(`${pathOf(endpoints.list)}?include_retired=true`, token)).json();
    expect(all.results.find((r: { id: number }) => r.id === template.id)).toMatchObject({ retired: true });

    await call.post(pathOf(endpoints.retire, { id: template.id }), token, { retired: false });
    expect((await apply(patientId, { template_id: template.id })).statusCode).toBe(200);
  });
});

describe('who sees and changes a template', () => {
  it('answers 404 to another clinic for a private or shared template: read, apply, update, retire', async () => {
    const mine = await templateWith([(await clinicVideo()).id]);
    const shared = await templateWith([(await clinicVideo()).id], { visibility: 'clinic' });
    const awayPatient = await newPatient(undefined, away);
    for (const template of [mine, shared]) {
      const before = await storedItems(template.id);
      for (const tokenOf of [away.therapist.token, away.supervisor.token, away.manager.token]) {
        expectProblem(await getTemplate(template.id, tokenOf), 404, 'not_found');
        expectProblem(await apply(awayPatient, { template_id: template.id }, tokenOf), 404, 'not_found');
        expectProblem(
          await call.patch(pathOf(endpoints.update, { id: template.id }), tokenOf, { name: 'Taken' }),
          404,
          'not_found',
        );
        expectProblem(
          await call.post(pathOf(endpoints.retire, { id: template.id }), tokenOf, { retired: true }),
          404,
          'not_found',
        );
      }
      const list = (await call.get(pathOf(endpoints.list), away.therapist.token)).json();
      expect(list.results.map((r: { id: number }) => r.id)).not.toContain(template.id);
      const [row] = await db.select().from(programTemplates).where(eq(programTemplates.id, template.id));
      expect(row).toMatchObject({ name: 'Knee week one', retiredAt: null });
      expect(await storedItems(template.id)).toEqual(before);
      expect((await program(awayPatient, away.therapist.token)).results).toEqual([]);
    }
    // The refusals are audited in the caller's own clinic.
    const denied = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'program_template.apply'), eq(auditEvents.outcome, 'denied')));
    expect(denied.length).toBeGreaterThan(0);
    expect(denied.every((row) => row.clinicId === away.clinic.id)).toBe(true);
  });

  it('a home template cannot be applied to another clinic patient, even by a template reader', async () => {
    const template = await templateWith([(await clinicVideo()).id], { visibility: 'clinic' });
    const awayPatient = await newPatient(undefined, away);
    expectProblem(await apply(awayPatient, { template_id: template.id }), 404, 'not_found');
  });

  it('keeps a private template to its owner: a colleague, the supervisor and the manager get 404', async () => {
    const template = await templateWith([(await clinicVideo()).id]);
    const patientId = await newPatient();
    for (const tokenOf of [home.manager.token, home.supervisor.token]) {
      expectProblem(await getTemplate(template.id, tokenOf), 404, 'not_found');
      expectProblem(await apply(patientId, { template_id: template.id }, tokenOf), 404, 'not_found');
      expectProblem(
        await call.patch(pathOf(endpoints.update, { id: template.id }), tokenOf, { name: 'Mine now' }),
        404,
        'not_found',
      );
      const list = (await call.get(pathOf(endpoints.list), tokenOf)).json();
      expect(list.results.map((r: { id: number }) => r.id)).not.toContain(template.id);
    }
  });

  it('lets colleagues read and apply a shared template; only the owner and managers change it', async () => {
    const colleague = await makeColleague();
    const template = await templateWith([(await clinicVideo()).id], { visibility: 'clinic' });
    const patientId = await newPatient();
    const read = await getTemplate(template.id, colleague.token);
    expect(read.json()).toMatchObject({ id: template.id, can_edit: false, is_mine: false });
    expect((await apply(patientId, { template_id: template.id }, colleague.token)).statusCode).toBe(200);
    expectProblem(
      await call.patch(pathOf(endpoints.update, { id: template.id }), colleague.token, { name: 'Changed' }),
      403,
    );
    expectProblem(
      await call.post(pathOf(endpoints.retire, { id: template.id }), colleague.token, { retired: true }),
      403,
    );
    for (const manager of [home.manager, home.supervisor]) {
      const res = await call.patch(pathOf(endpoints.update, { id: template.id }), manager.token, {
        name: `Renamed by ${manager.id}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().can_edit).toBe(true);
    }
    // Making it private is the owner's choice alone: refused, and it stays shared.
    expectProblem(
      await call.patch(pathOf(endpoints.update, { id: template.id }), home.manager.token, { visibility: 'private' }),
      403,
    );
    expect((await getTemplate(template.id, colleague.token)).json().visibility).toBe('clinic');
    const retire = await call.post(pathOf(endpoints.retire, { id: template.id }), home.supervisor.token, {
      retired: true,
    });
    expect(retire.json().retired).toBe(true);
    const changes = await auditRows(db, 'program_template.update');
    expect(changes.filter((r) => r.outcome === 'success').every((r) => r.clinicId === home.clinic.id)).toBe(true);
  });

  it('the owner makes a private template shared and back', async () => {
    const template = await templateWith([(await clinicVideo()).id]);
    const res = await call.patch(pathOf(endpoints.update, { id: template.id }), token, { visibility: 'clinic' });
    expect(res.json().visibility).toBe('clinic');
    expect((await getTemplate(template.id, home.manager.token)).statusCode).toBe(200);
  });
});

describe('bad input', () => {
  it('answers 400 with nothing changed: no name, no exercises, bad dosage, both or neither source', async () => {
    const video = await clinicVideo();
    const before = (await db.select().from(programTemplates)).length;
    const bad = [
      { name: '', items: [{ video_id: video.id, ...dosage }] },
      { name: 'No items', items: [] },
      { name: 'Bad sets', items: [{ video_id: video.id, ...dosage, sets: 0 }] },
      { name: 'Bad visibility', visibility: 'world', items: [{ video_id: video.id, ...dosage }] },
      { name: 'x'.repeat(81), items: [{ video_id: video.id, ...dosage }] },
    ];
    for (const body of bad) expectProblem(await call.post(pathOf(endpoints.create), token, body), 400);
    expect((await db.select().from(programTemplates)).length).toBe(before);

    const template = await templateWith([video.id]);
    const items = await storedItems(template.id);
    for (const body of [
      {},
      { items: [] },
      { name: '   ' },
      { items: [{ video_id: video.id, ...dosage, reps: 101 }] },
    ]) {
      expectProblem(await call.patch(pathOf(endpoints.update, { id: template.id }), token, body), 400);
    }
    expect(await storedItems(template.id)).toEqual(items);

    const patientId = await newPatient();
    for (const body of [{}, { template_id: template.id, protocol: 'ankle-sprain' }, { protocol: 'Not A Key' }]) {
      expectProblem(await apply(patientId, body), 400);
    }
    expect((await program(patientId)).results).toEqual([]);
  });

  it('answers 404 for another clinic video in a template, and 400 for a failed one', async () => {
    const theirs = await clinicVideo(away);
    expectProblem(
      await call.post(pathOf(endpoints.create), token, { name: 'Theirs', items: [{ video_id: theirs.id, ...dosage }] }),
      404,
    );
    const failed = await makeVideo(db, { clinicId: home.clinic.id, status: 'failed' });
    expectProblem(
      await call.post(pathOf(endpoints.create), token, { name: 'Failed', items: [{ video_id: failed.id, ...dosage }] }),
      400,
    );
  });
});

describe('protocols', () => {
  it('offers the protocols matching the patient diagnosis first, and applies one from the library', async () => {
    // The shipped library's knee exercises, as the global library holds them (some of them).
    const titles = ['Ankle Pumps', 'Quad Sets', 'Heel Slides', 'Straight Leg Raise'];
    const library = [];
    for (const title of titles) library.push(await makeVideo(db, { clinicId: null, title }));
    const patientId = await newPatient('Z96.651');

    const list = (await call.get(`${pathOf(endpoints.list)}?for_patient=${patientId}`, token)).json();
    expect(list.diagnosis).toBe('Z96.651');
    expect(list.protocols).toHaveLength(5);
    expect(list.protocols[0]).toMatchObject({
      key: 'total-knee-replacement',
      matches: true,
      note: 'A starting point for clinical judgement, not a prescription.',
      item_count: 4,
      listed_count: 6,
    });
    expect(list.protocols[0].sources.length).toBeGreaterThan(0);
    expect(list.protocols.slice(1).every((p: { matches: boolean }) => !p.matches)).toBe(true);
    const [listed] = await auditRows(db, 'program_template.list', patientId);
    expect(listed).toMatchObject({ outcome: 'success', clinicId: home.clinic.id });

    const detail = (await call.get(pathOf(endpoints.protocol, { key: 'total-knee-replacement' }), token)).json();
    expect(detail.items.map((i: { video_id: number }) => i.video_id)).toEqual(library.map((v) => v.id));
    expect(detail.missing).toEqual(['Seated Knee Extension', 'Sit to Stand']);

    const res = await apply(patientId, { protocol: 'total-knee-replacement' });
    expect(res.statusCode).toBe(200);
    expect(res.json().program.results.map((r: { video_id: number }) => r.video_id)).toEqual(library.map((v) => v.id));
    // The two the library lacks are named, in the answer and in the audit.
    expect(res.json().skipped_missing).toEqual(['Seated Knee Extension', 'Sit to Stand']);
    const [audited] = await auditRows(db, 'program_template.apply', patientId);
    expect(audited!.detail).toMatchObject({
      protocol: 'total-knee-replacement',
      skipped_missing: ['Seated Knee Extension', 'Sit to Stand'],
    });
  });

  it('ranks by other prefixes: ACL, low back pain, rotator cuff, ankle sprain', async () => {
    const cases: [string, string][] = [
      ['S83.511A', 'acl-reconstruction-phase-1'],
      ['M54.50', 'low-back-pain'],
      ['M75.121', 'rotator-cuff'],
      ['S46.011A', 'rotator-cuff'],
      ['S93.401A', 'ankle-sprain'],
      ['Z47.1', 'total-knee-replacement'],
    ];
    for (const [code, key] of cases) {
      const list = (await call.get(`${pathOf(endpoints.list)}?diagnosis=${code}`, token)).json();
      expect(list.protocols.filter((p: { matches: boolean }) => p.matches).map((p: { key: string }) => p.key)).toEqual([
        key,
      ]);
      expect(list.protocols[0].key).toBe(key);
    }
    const none = (await call.get(`${pathOf(endpoints.list)}?diagnosis=M17.11`, token)).json();
    expect(none.protocols.some((p: { matches: boolean }) => p.matches)).toBe(false);
  });

  it('never uses a clinic video for a protocol, and refuses a protocol whose exercises the library lacks', async () => {
    await makeVideo(db, { clinicId: away.clinic.id, title: 'Ankle Circles' });
    const patientId = await newPatient();
    const detail = (await call.get(pathOf(endpoints.protocol, { key: 'ankle-sprain' }), token)).json();
    expect(detail.items.map((i: { video: { title: string } }) => i.video.title)).not.toContain('Ankle Circles');
    expectProblem(await call.get(pathOf(endpoints.protocol, { key: 'no-such-protocol' }), token), 404);
    expectProblem(await apply(patientId, { protocol: 'no-such-protocol' }), 404);
    // None of the rotator cuff's exercises is in this library: nothing to add.
    const rotatorCuff = (await call.get(pathOf(endpoints.protocol, { key: 'rotator-cuff' }), token)).json();
    expect(rotatorCuff.items).toEqual([]);
    expectProblem(await apply(patientId, { protocol: 'rotator-cuff' }), 409);
    expect(await auditRows(db, 'program_template.apply', patientId)).toEqual([]);
  });

  it('copies a protocol into an editable template of the caller', async () => {
    const detail = (await call.get(pathOf(endpoints.protocol, { key: 'total-knee-replacement' }), token)).json();
    const copy = await createTemplate({
      name: `${detail.name} (my version)`,
      items: detail.items.map((i: Item & { video: unknown; order: number }) => {
        const { video: _v, order: _o, ...item } = i;
        return item;
      }),
    });
    expect(copy.items.length).toBe(detail.items.length);
    expect(copy.can_edit).toBe(true);
  });

  it('lists templates page by page, searched by name', async () => {
    const video = (await clinicVideo()).id;
    for (const name of ['Zeta shoulder', 'Zeta knee', 'Zeta hip']) await templateWith([video], { name });
    const first = (await call.get(`${pathOf(endpoints.list)}?search=zeta&page_size=2`, token)).json();
    expect(first).toMatchObject({ count: 3, next: 2, previous: null });
    expect(first.results.map((r: { name: string }) => r.name)).toEqual(['Zeta hip', 'Zeta knee']);
    const second = (await call.get(`${pathOf(endpoints.list)}?search=zeta&page_size=2&page=2`, token)).json();
    expect(second.results.map((r: { name: string }) => r.name)).toEqual(['Zeta shoulder']);
    expect(first.protocols).toEqual([]);
  });
});

describe('a deleted video', () => {
  it('leaves the templates that held it', async () => {
    const [a, b] = [await clinicVideo(), await clinicVideo()];
    const template = await templateWith([a.id, b.id]);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/video/delete',
      headers: { authorization: `Bearer ${token}` },
      payload: { videos: [a.id] },
    });
    expect(res.statusCode).toBe(200);
    expect((await getTemplate(template.id)).json().items.map((i: Item) => i.video_id)).toEqual([b.id]);
    expect(await db.select().from(hepItems).where(eq(hepItems.videoId, a.id))).toEqual([]);
  });
});

async function makeColleague() {
  const user = await makeUser(db, home.clinic.id, { role: 'therapist' });
  return { ...user, token: await staffToken(t.app, user.email) };
}

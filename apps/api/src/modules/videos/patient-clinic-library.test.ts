import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../../test/helpers.ts';
import { makeFolder, makeVideo } from '../../../test/hep-support.ts';
import { type StaffedClinic, signedInAdmin, twoClinicsForFile } from '../../../test/patients-support.ts';
import { auditEvents, hepRequests } from '../../db/schema.ts';

// Decision 1155: on a patient's dashboard the library is the patient's clinic's, named by `clinic_code`.
const ids = { global: 0, home: 0, away: 0, homeFolder: 0, awayFolder: 0 };

type Listed = { results: { id: number }[] };
const listedIds = async (url: string, token: string) => {
  const res = await call.get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Listed).results.map((r) => r.id);
};

const { t, call, home, away } = await twoClinicsForFile();
const db = t.database.db;
const adminToken = (await signedInAdmin(t, home.clinic.id)).token;
ids.global = (await makeVideo(db, { clinicId: null, title: 'Global bridge' })).id;
ids.home = (await makeVideo(db, { clinicId: home.clinic.id, ownerUserId: home.therapist.id })).id;
ids.away = (await makeVideo(db, { clinicId: away.clinic.id, ownerUserId: away.therapist.id })).id;
const owner = (c: StaffedClinic) => ({ clinicId: c.clinic.id, userId: c.therapist.id });
ids.homeFolder = (await makeFolder(db, owner(home), [ids.home], { name: 'Home set', isShared: true })).id;
ids.awayFolder = (await makeFolder(db, owner(away), [ids.away], { name: 'Away set', isShared: true })).id;
const patientId = (await call.register(away.therapist.token)).id;

describe("an admin's exercise picker on a patient of another clinic", () => {
  it("lists only what the patient's clinic may use, and the program accepts every one of it", async () => {
    const code = away.clinic.code;
    const videos = await listedIds(`/video/list?clinic_code=${code}&page_size=100`, adminToken);
    expect(videos.sort()).toEqual([ids.global, ids.away].sort());
    expect(await listedIds(`/video/list?clinic_code=${code}&scope=clinic`, adminToken)).toEqual([ids.away]);
    const folders = await listedIds(`/video/library?clinic_code=${code}&page_size=100`, adminToken);
    expect(folders).toEqual([ids.awayFolder]);

    const added = await call.post(`/video/hep/therapist/${patientId}`, adminToken, [
      ...videos.map((id) => ({ video_id: id })),
      ...folders.map((id) => ({ folder_id: id })),
    ]);
    expect(added.statusCode, added.body).toBe(201);
  });

  it('still lists every clinic without a clinic code', async () => {
    const videos = await listedIds('/video/list?page_size=100', adminToken);
    expect(videos).toEqual(expect.arrayContaining([ids.global, ids.home, ids.away]));
    const folders = await listedIds('/video/library?page_size=100', adminToken);
    expect(folders).toEqual(expect.arrayContaining([ids.homeFolder, ids.awayFolder]));
  });

  it('refuses a code of no clinic (404) and a malformed one (400)', async () => {
    expectProblem(await call.get('/video/list?clinic_code=NONE99', adminToken), 404);
    expectProblem(await call.get('/video/library?clinic_code=NONE99', adminToken), 404);
    expectProblem(await call.get('/video/list?clinic_code=no!', adminToken), 400);
    expectProblem(await call.get('/video/library?clinic_code=no!', adminToken), 400);
  });
});

describe('staff with a clinic code', () => {
  it('see their library as before when naming their own clinic', async () => {
    const token = home.therapist.token;
    const own = `clinic_code=${home.clinic.code}`;
    expect(await listedIds(`/video/list?${own}`, token)).toEqual(await listedIds('/video/list', token));
    expect(await listedIds(`/video/library?${own}`, token)).toEqual(await listedIds('/video/library', token));
  });

  it("are refused another clinic's library as not found", async () => {
    const other = `clinic_code=${away.clinic.code}`;
    expectProblem(await call.get(`/video/list?${other}`, home.therapist.token), 404);
    expectProblem(await call.get(`/video/library?${other}`, home.therapist.token), 404);
  });
});

describe('a video requested from a patient’s dashboard', () => {
  const request = (token: string, query: string, content: string) =>
    call.post(`/video/hep_request/create${query}`, token, { request_content: content });

  it("is filed, and audited, under the patient's clinic when an admin asks", async () => {
    const res = await request(adminToken, `?clinic_code=${away.clinic.code}`, 'Seated marching');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().clinic_code).toBe(away.clinic.code);
    const [audit] = await t.database.db
      .select({ clinicId: auditEvents.clinicId })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'hep_request.create'), eq(auditEvents.outcome, 'success')))
      .orderBy(auditEvents.id);
    expect(audit?.clinicId).toBe(away.clinic.id);
  });

  it("is filed under the caller's clinic without a code", async () => {
    const res = await request(adminToken, '', 'Wall push-up');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().clinic_code).toBe(home.clinic.code);
  });

  it('is refused for staff naming another clinic, and a malformed code is a bad request; nothing is filed', async () => {
    const before = await t.database.db.$count(hepRequests);
    expectProblem(await request(home.therapist.token, `?clinic_code=${away.clinic.code}`, 'Heel raise'), 404);
    expectProblem(await request(adminToken, '?clinic_code=no!', 'Heel raise'), 400);
    expect(await t.database.db.$count(hepRequests)).toBe(before);
    const own = await request(home.therapist.token, `?clinic_code=${home.clinic.code}`, 'Heel raise');
    expect(own.json().clinic_code).toBe(home.clinic.code);
  });
});

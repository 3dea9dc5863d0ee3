import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeClinic, makeUser } from '../../../test/factories.ts';
import { expectProblem } from '../../../test/helpers.ts';
import { makeStaffedClinic, patientBody, twoClinicsForFile } from '../../../test/patients-support.ts';
import { auditEvents, patientEpisodes, patientEvents, patients } from '../../db/schema.ts';

const { t, call, home, away } = await twoClinicsForFile();

describe('registering a patient', () => {
  it('registers with normalised phone and answers the patient', async () => {
    const res = await call.post(
      '/clinic/patient/register',
      home.manager.token,
      patientBody({ diagnosis: 'm5450', first_name: ' Ana ' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      first_name: 'Ana',
      status: 'registered',
      diagnosis: 'M54.50',
      diagnosis_description: 'Low back pain, unspecified',
      selected_code: '+1',
      is_rtm_covered: true,
      therapist: null,
      source: 'staff',
    });
    expect(res.json().phone).toMatch(/^555010\d{4}$/);
  });

  it.each([
    ['a missing name', { first_name: '' }, 'first_name'],
    ['letters in the phone', { phone: '555-CALL-NOW' }, 'phone'],
    ['a future birthday', { birthday: '2999-01-01' }, 'birthday'],
    ['an impossible birthday', { birthday: '1980-02-30' }, 'birthday'],
    ['a malformed e-mail', { email: 'maria-at-example' }, 'email'],
    ['a code that is not ICD-10', { diagnosis: 'back pain' }, 'diagnosis'],
    ['an unknown ICD-10 code', { diagnosis: 'Z99.999' }, 'diagnosis'],
    ['a consent date without method', { consent_date: '2026-01-05' }, 'consent_method'],
    ['a wrong type for coverage', { is_rtm_covered: 'yes' }, 'is_rtm_covered'],
  ])('refuses %s with a field error', async (_label, overrides, field) => {
    const res = await call.post('/clinic/patient/register', home.therapist.token, patientBody(overrides));
    const problem = expectProblem(res, 400);
    expect(Object.keys(problem.errors ?? {})).toContain(field);
  });

  it('refuses anonymous callers', async () => {
    expectProblem(await call.post('/clinic/patient/register', undefined, patientBody()), 401);
  });
});

describe('the patient list', () => {
  it('searches by name, phone, e-mail and birthday within the clinic only', async () => {
    const unique = `Zebulon${[...String(Date.now() % 100000)].map((digit) => String.fromCharCode(97 + Number(digit))).join('')}`;
    const patient = await call.register(home.therapist.token, {
      first_name: unique,
      phone: '555 777 1234',
      birthday: '1949-12-31',
    });
    await call.register(away.therapist.token, { first_name: unique });
    const find = async (search: string) =>
      (await call.get(`/api/v1/patients/?search=${encodeURIComponent(search)}`, home.therapist.token)).json();
    expect((await find(unique.toLowerCase())).results.map((p: { id: number }) => p.id)).toEqual([patient.id]);
    expect((await find(`${unique} ${patient.last_name}`)).count).toBe(1);
    expect((await find('7771234')).results[0].id).toBe(patient.id);
    expect((await find('(555) 777-1234')).results[0].id).toBe(patient.id);
    expect((await find(patient.email.toUpperCase())).results[0].id).toBe(patient.id);
    expect((await find('12/31/1949')).results.map((p: { id: number }) => p.id)).toContain(patient.id);
    expect((await find('1949-12-31')).results.map((p: { id: number }) => p.id)).toContain(patient.id);
    expect((await find('%')).count).toBe(0);
    const byPrefix = await find(`${unique.slice(0, 2)} ${patient.last_name.slice(0, 2)}`);
    expect(byPrefix.results.map((p: { id: number }) => p.id)).toContain(patient.id);
    expect((await find('eb')).results.map((p: { id: number }) => p.id)).not.toContain(patient.id);
  });

  it('pages by 25 and answers an empty page beyond the end', async () => {
    const clinic = await makeStaffedClinic(t.app, t.database.db);
    for (let i = 0; i < 27; i++) await call.register(clinic.manager.token);
    const first = (await call.get('/api/v1/patients/', clinic.manager.token)).json();
    expect(first).toMatchObject({ count: 27, next: 2, previous: null });
    expect(first.results).toHaveLength(25);
    const second = (await call.get('/api/v1/patients/?page=2', clinic.manager.token)).json();
    expect(second.results).toHaveLength(2);
    const beyond = (await call.get('/api/v1/patients/?page=9', clinic.manager.token)).json();
    expect(beyond).toMatchObject({ count: 27, results: [] });
    expectProblem(await call.get('/api/v1/patients/?page=0', clinic.manager.token), 400);
    expectProblem(await call.get('/api/v1/patients/?status=lost', clinic.manager.token), 400);
    expectProblem(await call.get('/api/v1/patients/?status=removed', clinic.manager.token), 400);
  });

  it('stops counting at the cap, says so, and pages no further', async () => {
    const clinic = await makeStaffedClinic(t.app, t.database.db);
    const rows = Array.from({ length: 1005 }, (_, i) => ({
      clinicId: clinic.clinic.id,
      firstName: 'Common',
      lastName: `Name${i}`,
      phone: `5550300${String(i).padStart(3, '0')}`,
      birthday: '1960-01-01',
    }));
    await t.database.db.insert(patients).values(rows);
    const broad = (await call.get('/api/v1/patients/?search=common', clinic.manager.token)).json();
    expect(broad).toMatchObject({ count: 1000, count_capped: true });
    const narrow = (await call.get('/api/v1/patients/?search=common name1004', clinic.manager.token)).json();
    expect(narrow).toMatchObject({ count: 1, count_capped: false });
    const all = (await call.get('/api/v1/patients/?page_size=100&page=10', clinic.manager.token)).json();
    expect(all).toMatchObject({ count: 1000, count_capped: true, next: null });
    expect(all.results).toHaveLength(100);
    expect((await call.get('/api/v1/patients/?page=41', clinic.manager.token)).json().results).toEqual([]);
  });

  it('filters by status and audits the list read', async () => {
    const clinic = await makeStaffedClinic(t.app, t.database.db);
    const a = await call.register(clinic.manager.token);
    await call.register(clinic.manager.token);
    await call.post(`/api/v1/patients/${a.id}/onboard/`, clinic.manager.token, {
      diagnosis: 'M54.50',
      therapist: clinic.therapist.id,
    });
    const onboarded = (await call.get('/api/v1/patients/?status=onboarded', clinic.manager.token)).json();
    expect(onboarded.results.map((p: { id: number }) => p.id)).toEqual([a.id]);
    await call.get('/api/v1/patients/?status=discharged&page_size=10', clinic.manager.token);
    const reads = await t.database.db.select().from(auditEvents).where(eq(auditEvents.actorUserId, clinic.manager.id));
    // Filed under the clinic read, with the capped count, the page and the page's patients in list order.
    expect(
      reads
        .filter((e) => e.action === 'patient.list')
        .map(({ clinicId, patientId, outcome, detail }) => ({ clinicId, patientId, outcome, detail })),
    ).toEqual([
      {
        clinicId: clinic.clinic.id,
        patientId: null,
        outcome: 'success',
        detail: { count: 1, page: 1, patient_ids: [a.id] },
      },
      {
        clinicId: clinic.clinic.id,
        patientId: null,
        outcome: 'success',
        detail: { count: 0, page: 1, patient_ids: [] },
      },
    ]);
  });
});

describe('patient detail', () => {
  it('answers the own clinic patient and 404 for any other', async () => {
    const mine = await call.register(home.therapist.token);
    const theirs = await call.register(away.therapist.token);
    expect((await call.get(`/api/v1/patients/${mine.id}/`, home.therapist.token)).json().id).toBe(mine.id);
    expectProblem(await call.get(`/api/v1/patients/${theirs.id}/`, home.therapist.token), 404, 'not_found');
    expectProblem(await call.get('/api/v1/patients/99999999/', home.therapist.token), 404);
    expectProblem(await call.get('/api/v1/patients/abc/', home.therapist.token), 400);
    const read = await t.database.db.select().from(auditEvents).where(eq(auditEvents.patientId, mine.id));
    expect(read.map((e) => e.action)).toContain('patient.read');
    // The refused read of another clinic's patient is recorded against the caller, with where it came from.
    const denied = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.outcome, 'denied'), eq(auditEvents.actorUserId, home.therapist.id)));
    expect(denied.find((e) => (e.detail as { patient_id?: number })?.patient_id === theirs.id)).toMatchObject({
      action: 'patient.read',
      clinicId: home.clinic.id,
      patientId: null,
      ip: '127.0.0.1',
    });
  });

  it('lets an admin read any clinic patient', async () => {
    const admin = await makeUser(t.database.db, (await makeClinic(t.database.db)).id, { role: 'admin' });
    const token = (
      await call.post('/clinic/therapist/signin', undefined, { email: admin.email, password: admin.password })
    ).json().token;
    const theirs = await call.register(away.therapist.token);
    expect((await call.get(`/api/v1/patients/${theirs.id}/`, token)).statusCode).toBe(200);
  });
});

describe('the lifecycle', () => {
  it('onboards, discharges, re-onboards and removes, recording each step with who and when', async () => {
    const patient = await call.register(home.manager.token);
    const onboard = await call.post(`/api/v1/patients/${patient.id}/onboard/`, home.therapist.token, {
      diagnosis: 'M54.50',
      therapist: home.therapist.id,
    });
    expect(onboard.json()).toMatchObject({
      status: 'onboarded',
      diagnosis: 'M54.50',
      therapist: { id: home.therapist.id },
    });
    expect(onboard.json().episode_started_at).toBeTruthy();
    expectProblem(
      await call.post(`/api/v1/patients/${patient.id}/onboard/`, home.therapist.token, {
        diagnosis: 'M54.50',
        therapist: home.therapist.id,
      }),
      409,
      'conflict',
    );

    const discharged = await call.patch('/clinic/therapist/patient/discharged', home.therapist.token, {
      patient_ids: [patient.id],
    });
    expect(discharged.json().results[0]).toMatchObject({ status: 'discharged', episode_started_at: null });
    expectProblem(
      await call.patch('/clinic/therapist/patient/discharged', home.therapist.token, { patient_ids: [patient.id] }),
      409,
    );

    const back = await call.patch('/clinic/patient/re_onboard', home.therapist.token, { patient_ids: [patient.id] });
    expect(back.json().results[0].status).toBe('onboarded');

    expectProblem(await call.post(`/api/v1/patients/${patient.id}/remove/`, home.therapist.token), 403, 'forbidden');
    const removed = await call.post(`/api/v1/patients/${patient.id}/remove/`, home.manager.token);
    expect(removed.json().status).toBe('removed');
    expectProblem(await call.get(`/api/v1/patients/${patient.id}/`, home.manager.token), 404);

    const events = await t.database.db
      .select()
      .from(patientEvents)
      .where(eq(patientEvents.patientId, patient.id))
      .orderBy(asc(patientEvents.id));
    expect(events.map((e) => `${e.action}:${e.toStatus}`)).toEqual([
      'register:registered',
      'onboard:onboarded',
      'discharge:discharged',
      're_onboard:onboarded',
      'remove:removed',
    ]);
    expect(events.every((e) => e.actorUserId !== null)).toBe(true);
    const episodes = await t.database.db
      .select()
      .from(patientEpisodes)
      .where(eq(patientEpisodes.patientId, patient.id));
    expect(episodes).toHaveLength(2);
    expect(episodes.every((e) => e.endedAt !== null)).toBe(true);
  });

  it('changes nobody when one patient of a list cannot make the transition', async () => {
    const onboarded = await call.register(home.manager.token);
    await call.post(`/api/v1/patients/${onboarded.id}/onboard/`, home.manager.token, {
      diagnosis: 'M54.50',
      therapist: home.therapist.id,
    });
    const neverOnboarded = await call.register(home.manager.token);
    const res = await call.patch('/clinic/therapist/patient/discharged', home.manager.token, {
      patient_ids: [onboarded.id, neverOnboarded.id],
    });
    expect(expectProblem(res, 409, 'conflict').detail).toContain(String(neverOnboarded.id));
    expect((await call.get(`/api/v1/patients/${onboarded.id}/`, home.manager.token)).json().status).toBe('onboarded');
    const foreign = await call.register(away.manager.token);
    expectProblem(
      await call.patch('/clinic/patient/re_onboard', home.manager.token, { patient_ids: [foreign.id] }),
      404,
    );
    expectProblem(await call.patch('/clinic/patient/re_onboard', home.manager.token, { patient_ids: [] }), 400);
  });

  it('needs a known diagnosis and an active therapist of the clinic to onboard', async () => {
    const patient = await call.register(home.manager.token);
    const url = `/api/v1/patients/${patient.id}/onboard/`;
    const unknownCode = await call.post(url, home.manager.token, {
      diagnosis: 'Z99.999',
      therapist: home.therapist.id,
    });
    expect(expectProblem(unknownCode, 400).errors?.diagnosis).toBeDefined();
    const foreignTherapist = await call.post(url, home.manager.token, {
      diagnosis: 'M54.50',
      therapist: away.therapist.id,
    });
    expect(expectProblem(foreignTherapist, 400).errors?.therapist).toBeDefined();
    const managerAsTherapist = await call.post(url, home.manager.token, {
      diagnosis: 'M54.50',
      therapist: home.manager.id,
    });
    expect(expectProblem(managerAsTherapist, 400).errors?.therapist).toBeDefined();
    expectProblem(await call.post(url, home.manager.token, { diagnosis: 'M54.50' }), 400);
    const foreignPatient = await call.register(away.manager.token);
    expectProblem(
      await call.post(`/api/v1/patients/${foreignPatient.id}/onboard/`, home.manager.token, {
        diagnosis: 'M54.50',
        therapist: home.therapist.id,
      }),
      404,
    );
  });

  it('changes the therapist, the RTM coverage and the details', async () => {
    const patient = await call.register(home.manager.token);
    const other = await makeUser(t.database.db, home.clinic.id, { role: 'therapist' });
    const changed = await call.patch(`/api/v1/patients/${patient.id}/change-therapist/`, home.manager.token, {
      therapist_id: other.id,
    });
    expect(changed.json().therapist.id).toBe(other.id);
    await call.post(`/api/v1/patients/${patient.id}/onboard/`, home.manager.token, {
      diagnosis: 'M54.50',
      therapist: other.id,
    });
    await call.patch(`/api/v1/patients/${patient.id}/change-therapist/`, home.manager.token, {
      therapist_id: home.therapist.id,
    });
    const [episode] = await t.database.db
      .select()
      .from(patientEpisodes)
      .where(eq(patientEpisodes.patientId, patient.id));
    expect(episode?.therapistId).toBe(home.therapist.id);
    expectProblem(
      await call.patch(`/api/v1/patients/${patient.id}/change-therapist/`, home.manager.token, {
        therapist_id: away.therapist.id,
      }),
      400,
    );
    const coverage = await call.patch(`/clinic/patient/${patient.id}/update-rtm-coverage`, home.therapist.token, {
      is_rtm_covered: false,
    });
    expect(coverage.json().is_rtm_covered).toBe(false);
    expectProblem(await call.patch(`/clinic/patient/${patient.id}/update-rtm-coverage`, home.therapist.token, {}), 400);
    const updated = await call.put(
      `/clinic/patient/${patient.id}/update`,
      home.therapist.token,
      patientBody({
        first_name: 'Marisol',
        diagnosis: 'M54.50',
        consent_date: '2026-02-01',
        consent_method: 'written',
      }),
    );
    expect(updated.json()).toMatchObject({
      first_name: 'Marisol',
      consent_date: '2026-02-01',
      consent_method: 'written',
    });
    const foreign = await call.register(away.manager.token);
    expectProblem(await call.put(`/clinic/patient/${foreign.id}/update`, home.therapist.token, patientBody()), 404);
  });
});

describe('interaction log', () => {
  it('logs calls, lists them newest first, and deletes one while keeping it for audit', async () => {
    const patient = await call.register(home.manager.token);
    const url = `/api/v1/patients/${patient.id}/log_interaction/`;
    const first = await call.post(url, home.therapist.token, {
      date: '2026-03-01',
      start_time: '16:00',
      notes: 'Reviewed pain diary',
      kind: 'phone',
      minutes: 12,
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ date: '2026-03-01', minutes: 12, created_by: { id: home.therapist.id } });
    const second = await call.post(url, home.therapist.token, {
      date: '2026-03-02',
      start_time: '09:30',
      notes: 'Video check-in',
      kind: 'video',
      minutes: 5,
    });
    expect((await call.get(url, home.therapist.token)).json().results.map((l: { id: number }) => l.id)).toEqual([
      second.json().id,
      first.json().id,
    ]);

    const del = await call.post(`/api/v1/patients/${patient.id}/log_interaction/delete/`, home.therapist.token, {
      log: first.json().id,
    });
    expect(del.statusCode).toBe(204);
    expect((await call.get(url, home.therapist.token)).json().count).toBe(1);
    expectProblem(
      await call.post(`/api/v1/patients/${patient.id}/log_interaction/delete/`, home.therapist.token, {
        log: first.json().id,
      }),
      404,
    );
  });

  it('refuses future dates, bad minutes, other patients logs and other clinics', async () => {
    const patient = await call.register(home.manager.token);
    const url = `/api/v1/patients/${patient.id}/log_interaction/`;
    const at = { date: '2026-03-01', start_time: '11:00' };
    expect(
      expectProblem(await call.post(url, home.therapist.token, { ...at, date: '2999-01-01', minutes: 5 }), 400).errors
        ?.date,
    ).toBeDefined();
    expectProblem(await call.post(url, home.therapist.token, { ...at, minutes: -5 }), 400);
    // A call of no length would satisfy billing's live-call rule: it needs a length of at least a minute.
    for (const minutes of [0, undefined, '']) {
      const problem = expectProblem(await call.post(url, home.therapist.token, { ...at, minutes }), 400);
      expect(problem.errors?.minutes).toBeDefined();
    }
    expect((await call.get(url, home.therapist.token)).json().count).toBe(0);
    expectProblem(await call.post(url, home.therapist.token, { ...at, minutes: 5, kind: 'fax' }), 400);
    const other = await call.register(home.manager.token);
    const log = (
      await call.post(`/api/v1/patients/${other.id}/log_interaction/`, home.therapist.token, { ...at, minutes: 5 })
    ).json();
    expectProblem(
      await call.post(`/api/v1/patients/${patient.id}/log_interaction/delete/`, home.therapist.token, { log: log.id }),
      404,
    );
    expectProblem(await call.post(url, away.therapist.token, { ...at, minutes: 5 }), 404);
    expectProblem(await call.get(url, away.therapist.token), 404);
  });
});

describe('ICD-10 codes', () => {
  it('ranks the exact code, then code prefixes, then words', async () => {
    const search = async (q: string) =>
      (await call.get(`/api/v1/icd10_codes/?search=${encodeURIComponent(q)}`, home.therapist.token)).json();
    const lowBack = await search('low back');
    expect(lowBack.results[0].code).toBe('M54.50');
    expect(
      lowBack.results
        .slice(0, 3)
        .map((c: { code: string }) => c.code)
        .sort(),
    ).toEqual(['M54.50', 'M54.51', 'M54.59']);
    expect((await search('M54.50')).results[0]).toEqual({ code: 'M54.50', description: 'Low back pain, unspecified' });
    expect((await search('m545')).results.every((c: { code: string }) => c.code.startsWith('M54.5'))).toBe(true);
    expect((await search('')).count).toBeGreaterThan(8000);
    expect((await search('zzzz qqqq')).count).toBe(0);
    expectProblem(await call.get('/api/v1/icd10_codes/?search=x'), 401);
  });
});

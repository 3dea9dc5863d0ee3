import { measures, pathOf, patientDataEndpoints } from '@rehabit/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../../test/helpers.ts';
import { auditRows, sessionForPatient, setClinicTimezone } from '../../../test/hep-support.ts';
import { twoClinicsForFile } from '../../../test/patients-support.ts';
import { functionalEntries } from '../../db/schema.ts';

const { t, call, home, away } = await twoClinicsForFile();
const token = home.therapist.token;
// The test clock is 2026-03-02T15:00Z: still 2 March in Honolulu, and 3 March is in the future there.
await setClinicTimezone(t.database.db, home.clinic.id, 'Pacific/Honolulu');

const lefs = (value: number) => Array.from({ length: 20 }, () => value);
const url = (patientId: number) => pathOf(patientDataEndpoints.functionalData, { patientId });
const newPatient = async () => (await call.register(token, { birthday: '1980-05-01' })).id;

describe('functional data', () => {
  it('scores and stores entries per series, found by measure and name, and lists them oldest first', async () => {
    const patientId = await newPatient();
    const res = await call.post(url(patientId), token, {
      datatype_id: measures.lefs.datatypeId,
      entries: [
        { date: '2026-03-02', answers: lefs(3), note: 'After two weeks' },
        { date: '2026-02-16', answers: lefs(2) },
      ],
    });
    expect(res.statusCode).toBe(201);
    const series = res.json();
    expect(series).toMatchObject({
      datatype_id: 3,
      key: 'lefs',
      name: measures.lefs.name,
      unit: measures.lefs.unit,
      higher_is_better: true,
    });
    expect(series.entries.map((e: { date: string; score: number }) => [e.date, e.score])).toEqual([
      ['2026-02-16', 40],
      ['2026-03-02', 60],
    ]);
    expect(series.entries[1]).toMatchObject({
      scoring_version: measures.lefs.scoringVersion,
      note: 'After two weeks',
      created_by: { id: home.therapist.id },
    });

    // The same measure and name (any case) adds to the series; a free measure names what was measured.
    await call.post(url(patientId), token, {
      datatype_id: 3,
      name: 'lower extremity functional scale',
      entries: [{ date: '2026-03-01', answers: lefs(4) }],
    });
    const rom = await call.post(url(patientId), token, {
      datatype_id: measures.rom.datatypeId,
      name: 'Right knee flexion',
      entries: [{ date: '2026-03-01', answers: [115] }],
    });
    expect(rom.json()).toMatchObject({ key: 'rom', unit: 'degrees', entries: [{ score: 115, answers: [115] }] });

    const list = (await call.get(url(patientId), home.manager.token)).json();
    expect(list.results.map((s: { key: string; entries: unknown[] }) => [s.key, s.entries.length])).toEqual([
      ['lefs', 3],
      ['rom', 1],
    ]);
    // The form's default and latest date: the clinic's calendar, not the viewer's.
    expect(list.today).toBe('2026-03-02');
    expect(await auditRows(t.database.db, 'functional_data.added', patientId)).toHaveLength(3);
    expect(await auditRows(t.database.db, 'functional_data.read', patientId)).toMatchObject([
      { outcome: 'success', actorUserId: home.manager.id },
    ]);
  });

  it('refuses answers that do not score, future dates and dates before birth, storing nothing', async () => {
    const patientId = await newPatient();
    const post = (body: object) => call.post(url(patientId), token, { datatype_id: 3, ...body });
    const short = expectProblem(await post({ entries: [{ date: '2026-03-01', answers: [1, 2] }] }), 400);
    expect(short.errors).toEqual({ 'entries.0.answers': ['Lower Extremity Functional Scale has 20 items'] });
    const range = expectProblem(
      await post({
        entries: [
          { date: '2026-03-01', answers: lefs(2) },
          { date: '2026-03-01', answers: lefs(5) },
        ],
      }),
      400,
    );
    expect(range.errors).toEqual({ 'entries.1.answers': ['Answers must be between 0 and 4'] });
    const future = expectProblem(await post({ entries: [{ date: '2026-03-03', answers: lefs(2) }] }), 400);
    expect(future.errors).toEqual({ 'entries.0.date': ['The date cannot be in the future'] });
    const early = expectProblem(await post({ entries: [{ date: '1980-04-30', answers: lefs(2) }] }), 400);
    expect(early.errors?.['entries.0.date']).toBeDefined();
    expectProblem(await post({ entries: [{ date: '2026-02-30', answers: lefs(2) }] }), 400);
    expectProblem(await post({ entries: [{ date: '03/01/2026', answers: lefs(2) }] }), 400);
    expectProblem(await post({ entries: [] }), 400);
    expectProblem(
      await call.post(url(patientId), token, { datatype_id: 99, entries: [{ date: '2026-03-01', answers: [1] }] }),
      400,
    );
    const tug = expectProblem(
      await call.post(url(patientId), token, { datatype_id: 8, entries: [{ date: '2026-03-01', answers: [12, 13] }] }),
      400,
    );
    expect(tug.errors?.['entries.0.answers']).toEqual(['Timed Up and Go has 1 items']);
    expect(
      await t.database.db.select().from(functionalEntries).where(eq(functionalEntries.patientId, patientId)),
    ).toEqual([]);
  });

  it('corrects entries with a new score and renames a series', async () => {
    const patientId = await newPatient();
    const quickdash = (
      await call.post(url(patientId), token, {
        datatype_id: measures.quickdash.datatypeId,
        entries: [{ date: '2026-02-20', answers: Array.from({ length: 11 }, () => 3) }],
      })
    ).json();
    const other = (
      await call.post(url(patientId), token, {
        datatype_id: measures.rom.datatypeId,
        name: 'Left shoulder flexion',
        entries: [{ date: '2026-02-20', answers: [90] }],
      })
    ).json();
    const entryId = quickdash.entries[0].id;
    expect(quickdash.entries[0].score).toBe(50);

    const res = await call.patch(url(patientId), token, {
      id: quickdash.id,
      name: 'QuickDASH right arm',
      entries: [{ id: entryId, answers: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, null] }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'QuickDASH right arm',
      entries: [{ id: entryId, score: 0, date: '2026-02-20' }],
    });
    expect(await auditRows(t.database.db, 'functional_data.updated', patientId)).toMatchObject([
      { outcome: 'success' },
    ]);

    const bad = expectProblem(
      await call.patch(url(patientId), token, { id: quickdash.id, entries: [{ id: entryId, answers: [1, 2] }] }),
      400,
    );
    expect(bad.errors?.['entries.0.answers']).toBeDefined();
    expectProblem(
      await call.patch(url(patientId), token, { id: quickdash.id, entries: [{ id: entryId, date: '2027-01-01' }] }),
      400,
    );
    expectProblem(await call.patch(url(patientId), token, { id: quickdash.id }), 400);
    expectProblem(
      await call.patch(url(patientId), token, {
        id: quickdash.id,
        entries: [{ id: other.entries[0].id, answers: [1] }],
      }),
      404,
    );
    const rom2 = (
      await call.post(url(patientId), token, {
        datatype_id: measures.rom.datatypeId,
        name: 'Right shoulder flexion',
        entries: [{ date: '2026-02-20', answers: [100] }],
      })
    ).json();
    expectProblem(await call.patch(url(patientId), token, { id: rom2.id, name: 'left SHOULDER flexion' }), 409);
    const otherPatient = await newPatient();
    expectProblem(await call.patch(url(otherPatient), token, { id: quickdash.id, name: 'Mine now' }), 404);
    const unchanged = (await call.get(url(patientId), token)).json();
    expect(unchanged.results.find((s: { id: number }) => s.id === quickdash.id).entries[0].score).toBe(0);
  });

  it('is for staff of the patient clinic only', async () => {
    const patientId = await newPatient();
    const body = { datatype_id: 1, entries: [{ date: '2026-03-01', answers: [4] }] };
    expectProblem(await call.get(url(patientId), away.therapist.token), 404);
    expectProblem(await call.post(url(patientId), away.therapist.token, body), 404);
    expectProblem(await call.patch(url(patientId), away.therapist.token, { id: 1, name: 'x' }), 404);
    expect(await auditRows(t.database.db, 'functional_data.read')).toContainEqual(
      expect.objectContaining({ outcome: 'denied', actorUserId: away.therapist.id }),
    );
    const patient = await sessionForPatient(t, patientId);
    expectProblem(await call.get(url(patientId), patient.token), 403);
    expectProblem(await call.post(url(patientId), patient.token, body), 403);
    expectProblem(await call.post(url(patientId), undefined, body), 401);
    expect((await call.post(url(patientId), home.supervisor.token, body)).statusCode).toBe(201);
  });
});

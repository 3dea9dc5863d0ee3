import type { PatientListItem } from '@rehabit/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeClinic, makeUser } from '../../../test/factories.ts';
import { makeStaffedClinic, type StaffedClinic, twoClinicsForFile } from '../../../test/patients-support.ts';
import { patients } from '../../db/schema.ts';
import { NAME_ORDER_SAMPLE } from './patient-list.repository.ts';
import { createPatientsRepository } from './patients.repository.ts';

// How the list collects a search's matches (decision 1105): the first patients in name order for a common term, the
// clinic's trigram index for a rarer one, capped at 1,000 and sorted either way.

const { t, call, home, away } = await twoClinicsForFile();

type Row = { firstName: string; lastName: string; email?: string; phone?: string };
async function insert(clinic: StaffedClinic, rows: Row[]) {
  const values = rows.map((row, i) => ({
    clinicId: clinic.clinic.id,
    phone: `555${String(i).padStart(7, '0')}`,
    birthday: '1970-01-01',
    ...row,
  }));
  for (let i = 0; i < values.length; i += 1000) await t.database.db.insert(patients).values(values.slice(i, i + 1000));
}

type Page = { count: number; count_capped: boolean; results: PatientListItem[] };
const list = async (clinic: StaffedClinic, query: string) => {
  const res = await call.get(`/api/v1/patients/?${query}`, clinic.therapist.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const names = (page: Page) => page.results.map((p) => `${p.last_name} ${p.first_name}`);
const inNameOrder = (page: Page) =>
  [...page.results].sort(
    (a, b) =>
      a.last_name.localeCompare(b.last_name, 'en') || a.first_name.localeCompare(b.first_name, 'en') || a.id - b.id,
  );

describe('searching a clinic', () => {
  let clinic: StaffedClinic;
  beforeAll(async () => {
    clinic = await makeStaffedClinic(t.app, t.database.db);
    await insert(clinic, [
      ...Array.from({ length: 40 }, (_, i) => ({ firstName: `Anna${i % 7}`, lastName: 'Young' })),
      { firstName: 'Carl', lastName: 'DeYoung' },
      { firstName: 'Pat', lastName: 'Adams', email: 'pat.young@example.org' },
      { firstName: 'Zoe', lastName: 'Ziegler' },
      { firstName: 'Liz', lastName: 'Fitzig' },
      { firstName: 'Sean', lastName: "O'Brien" },
      ...Array.from({ length: 60 }, (_, i) => ({ firstName: 'Bo', lastName: `Smith${i}` })),
    ]);
    // The same name in another clinic: never in this clinic's answers.
    await insert(away, [{ firstName: 'Anna1', lastName: 'Young' }]);
  });

  it('finds a late-alphabet name anywhere in the text, all of them, in name order', async () => {
    const page = await list(clinic, 'search=young&page_size=100');
    expect(page).toMatchObject({ count: 42, count_capped: false });
    expect(page.results.map((p) => p.id)).toEqual(inNameOrder(page).map((p) => p.id));
    expect(names(page).slice(0, 2)).toEqual(['Adams Pat', 'DeYoung Carl']);
    const second = await list(clinic, 'search=young&page_size=25&page=2');
    expect(second.results.map((p) => p.id)).toEqual(page.results.slice(25).map((p) => p.id));
  });

  it('matches a word of one or two letters at the start of the first or last name only', async () => {
    expect(names(await list(clinic, 'search=zi'))).toEqual(['Ziegler Zoe']);
    expect(names(await list(clinic, 'search=z'))).toEqual(['Ziegler Zoe']);
    expect(names(await list(clinic, 'search=yo ze'))).toEqual([]);
    expect(names(await list(clinic, 'search=li fi'))).toEqual(['Fitzig Liz']);
  });

  it('finds a word that has no three letters in a row', async () => {
    expect(names(await list(clinic, `search=${encodeURIComponent("o'b")}`))).toEqual(["O'Brien Sean"]);
  });

  it('combines words, each of which must match', async () => {
    expect((await list(clinic, 'search=anna3 young')).count).toBe(6);
    expect((await list(clinic, 'search=young smith')).count).toBe(0);
  });
});

describe('a search matching more than the cap', () => {
  let clinic: StaffedClinic;
  beforeAll(async () => {
    clinic = await makeStaffedClinic(t.app, t.database.db);
    // More patients before the Youngs than the name-order sample holds, so the trigram index collects them; two
    // matches early in the alphabet (by e-mail) inside the sample.
    await insert(clinic, [
      ...Array.from({ length: NAME_ORDER_SAMPLE }, (_, i) => ({ firstName: 'Al', lastName: `Baker${i}` })),
      { firstName: 'Ann', lastName: 'Abbott', email: 'ann.young@example.org' },
      { firstName: 'Bea', lastName: 'Abbott', email: 'bea.young@example.org' },
      ...Array.from({ length: 1100 }, (_, i) => ({ firstName: `Y${String(i).padStart(4, '0')}`, lastName: 'Young' })),
      // Past the name-order sample: found through the trigram index, whose trigrams beyond ASCII hide word edges.
      { firstName: 'Renée', lastName: 'Zúñiga' },
    ]);
  });

  it('finds a name beyond ASCII from part of a word, past the name-order sample', async () => {
    for (const part of ['úñi', 'zúñ', 'née', 'zú']) {
      expect(names(await list(clinic, `search=${encodeURIComponent(part)}`)), part).toEqual(['Zúñiga Renée']);
    }
  });

  it('counts up to the cap, pages 1,000 of them in name order, the first ones first', async () => {
    const first = await list(clinic, 'search=young&page_size=100');
    expect(first).toMatchObject({ count: 1000, count_capped: true });
    expect(names(first).slice(0, 2)).toEqual(['Abbott Ann', 'Abbott Bea']);
    expect(first.results.map((p) => p.id)).toEqual(inNameOrder(first).map((p) => p.id));
    const seen = new Set<number>();
    let previous: PatientListItem | undefined;
    for (let page = 1; page <= 10; page++) {
      const { results } = await list(clinic, `search=young&page_size=100&page=${page}`);
      expect(results).toHaveLength(100);
      for (const p of results) {
        seen.add(p.id);
        if (previous)
          expect(`${previous.last_name} ${previous.first_name}` <= `${p.last_name} ${p.first_name}`).toBe(true);
        previous = p;
      }
    }
    expect(seen.size).toBe(1000);
    expect((await list(clinic, 'search=young&page_size=100&page=11')).results).toEqual([]);
  });

  it('takes the first 1,000 in name order when they are among the first patients by name', async () => {
    const page = await list(clinic, 'search=baker&page_size=100&page=10');
    expect(page).toMatchObject({ count: 1000, count_capped: true });
    expect(names(page).at(-1)).toBe(`Baker${[...Array(NAME_ORDER_SAMPLE).keys()].map(String).sort()[999]} Al`);
  });

  it('lists the clinic without a search in name order up to the cap', async () => {
    const page = await list(clinic, 'page_size=100');
    expect(page).toMatchObject({ count: 1000, count_capped: true });
    expect(names(page).slice(0, 2)).toEqual(['Abbott Ann', 'Abbott Bea']);
  });
});

describe('searching beyond one clinic', () => {
  it('finds an admin the patients of every clinic', async () => {
    await insert(home, [{ firstName: 'Quentin', lastName: 'Quixotic' }]);
    await insert(away, [{ firstName: 'Quinn', lastName: 'Quixotic' }]);
    const admin = await makeUser(t.database.db, (await makeClinic(t.database.db)).id, { role: 'admin' });
    const token = (
      await call.post('/clinic/therapist/signin', undefined, { email: admin.email, password: admin.password })
    ).json().token;
    const page = (await call.get('/api/v1/patients/?search=quixotic', token)).json() as Page;
    expect(names(page)).toEqual(['Quixotic Quentin', 'Quixotic Quinn']);
    expect(names((await call.get('/api/v1/patients/?search=quixotic', home.therapist.token)).json())).toEqual([
      'Quixotic Quentin',
    ]);
  });

  it('answers the same inside a transaction as outside', async () => {
    const scope = { kind: 'clinic' as const, clinicId: home.clinic.id };
    const query = { search: 'quix', page: 1, page_size: 25 };
    const outside = await createPatientsRepository(t.database.db, scope).list(query, new Date());
    const inside = await t.database.db.transaction((tx) => createPatientsRepository(tx, scope).list(query, new Date()));
    expect(inside).toEqual(outside);
    expect(outside.rows.map((r) => r.lastName)).toEqual(['Quixotic']);
  });
});

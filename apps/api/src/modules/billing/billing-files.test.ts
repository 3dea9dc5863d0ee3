import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeOf, sheetRows, workbookBase64 } from '../../../test/billing-files-support.ts';
import { type BilledClinics, billedClinics } from '../../../test/billing-support.ts';
import { makeUser } from '../../../test/factories.ts';
import { expectProblem } from '../../../test/helpers.ts';
import { auditRows, sessionForPatient } from '../../../test/hep-support.ts';
import { deflatedZeros, textPart, zipOf } from '../../../test/hostile-zips.ts';
import { billingFiles, billingMonthCloses } from '../../db/schema.ts';

// The test clock stands at 2026-03-02 15:00 UTC: March 2 in Los Angeles (home), so March is the current month.
let c: BilledClinics;
let admin: { id: number; token: string };
let patientToken: string;

const check = (month: number, year: number, token: string, query = '') =>
  c.call.get(`/clinic/billing/${month}/${year}/check-file${query}`, token);
const download = (month: number, year: number, token: string, query = '') =>
  c.call.get(`/clinic/billing/${month}/${year}/download-file${query}`, token);
const generate = (clinicCode: string, month: number, year: number, token = admin.token) =>
  c.call.post(`/api/v1/admin/billing/${clinicCode}/${month}/${year}/generate`, token);
const upload = (clinicCode: string, month: number, year: number, body: object, token = admin.token) =>
  c.call.put(`/api/v1/admin/billing/${clinicCode}/${month}/${year}/file`, token, body);
const cancelBadge = (token: string) => c.call.patch('/user/therapist/cancel-billing-notification', token);

beforeAll(async () => {
  c = await billedClinics();
  const user = await makeUser(c.db, c.away.clinic.id, { role: 'admin' });
  const signin = await c.call.post('/clinic/therapist/signin', undefined, {
    email: user.email,
    password: user.password,
  });
  admin = { id: user.id, token: signin.json().token };
  const patient = await c.inEpisode('2026-01-05T08:00:00Z');
  patientToken = (await sessionForPatient(c.t, patient)).token;
});
afterAll(() => c.t.close());

describe('a month without a file', () => {
  it('says so to check-file, and download-file answers 404', async () => {
    const res = await check(1, 2026, c.home.therapist.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ exists: false, name: null, source: null, created_at: null });
    const missing = expectProblem(await download(1, 2026, c.home.therapist.token), 404, 'not_found');
    expect(missing.detail).toBe('No billing file for 2026-01 yet');
  });
});

describe('an admin making the file now', () => {
  it('stores a new version, closes an ended month with it, raises the badge for staff and audits it', async () => {
    for (const staff of [c.home.therapist, c.home.manager, c.home.supervisor]) await cancelBadge(staff.token);
    const res = await generate(c.home.clinic.code, 1, 2026);
    expect(res.statusCode, res.body).toBe(201);
    const name = `rehabit-billing-${c.home.clinic.code}-2026-01.xlsx`;
    expect(res.json()).toEqual({ exists: true, name, source: 'generated', created_at: expect.any(String) });
    for (const staff of [c.home.therapist, c.home.manager, c.home.supervisor]) {
      expect(await badgeOf(c.t.app, staff.token)).toBe(true);
    }
    expect(await badgeOf(c.t.app, c.away.therapist.token)).toBe(false);

    const [file] = await c.db
      .select({ id: billingFiles.id, createdBy: billingFiles.createdBy })
      .from(billingFiles)
      .where(and(eq(billingFiles.clinicId, c.home.clinic.id), eq(billingFiles.month, '2026-01')));
    expect(file!.createdBy).toBe(admin.id);
    const [closed] = await c.db
      .select()
      .from(billingMonthCloses)
      .where(eq(billingMonthCloses.clinicId, c.home.clinic.id));
    expect(closed).toMatchObject({ month: '2026-01', fileId: file!.id });
    expect((await auditRows(c.db, 'billing.file_generated')).at(-1)).toMatchObject({
      actorUserId: admin.id,
      clinicId: c.home.clinic.id,
      detail: { month: '2026-01', file_id: file!.id, name },
    });
  });

  it('makes the current month too, without closing it', async () => {
    expect((await generate(c.home.clinic.code, 3, 2026)).statusCode).toBe(201);
    const closes = await c.db.select().from(billingMonthCloses).where(eq(billingMonthCloses.month, '2026-03'));
    expect(closes).toEqual([]);
  });

  it('is refused to clinic staff (403) and answers 404 for a clinic code nobody has', async () => {
    for (const staff of [c.home.therapist, c.home.manager, c.home.supervisor]) {
      expectProblem(await generate(c.home.clinic.code, 1, 2026, staff.token), 403, 'forbidden');
    }
    expectProblem(await generate('ZZZZ99', 1, 2026), 404, 'not_found');
  });
});

describe('staff reading the file', () => {
  it('check-file says which file the month has, for every staff role of the clinic', async () => {
    for (const staff of [c.home.therapist, c.home.manager, c.home.supervisor]) {
      const res = await check(1, 2026, staff.token);
      expect(res.json()).toMatchObject({ exists: true, source: 'generated' });
    }
    const own = await check(1, 2026, c.home.manager.token, `?clinic_code=${c.home.clinic.code}`);
    expect(own.json().exists).toBe(true);
  });

  it('download-file answers the workbook as base64 with its name, audited; the badge clears when dismissed', async () => {
    const res = await download(1, 2026, c.home.manager.token);
    expect(res.statusCode, res.body).toBe(200);
    const { content, name } = res.json();
    expect(name).toBe(`rehabit-billing-${c.home.clinic.code}-2026-01.xlsx`);
    const rows = await sheetRows(Buffer.from(content, 'base64'));
    expect(rows[4]).toEqual(['Month', '2026-01']);
    expect((await auditRows(c.db, 'billing.file_download')).at(-1)).toMatchObject({
      actorUserId: c.home.manager.id,
      clinicId: c.home.clinic.id,
      detail: { month: '2026-01', source: 'generated' },
    });
    expect(await badgeOf(c.t.app, c.home.manager.token)).toBe(true);
    expect((await cancelBadge(c.home.manager.token)).json().user.is_new_billing_uploaded).toBe(false);
    expect(await badgeOf(c.t.app, c.home.manager.token)).toBe(false);
    expect(await badgeOf(c.t.app, c.home.therapist.token)).toBe(true);
  });

  it('lets an admin read any clinic by its code, and only by its code', async () => {
    const query = `?clinic_code=${c.home.clinic.code}`;
    expect((await check(1, 2026, admin.token, query)).json().exists).toBe(true);
    expect((await download(1, 2026, admin.token, query)).statusCode).toBe(200);
    const without = expectProblem(await check(1, 2026, admin.token), 400, 'validation_failed');
    expect(Object.keys(without.errors ?? {})).toEqual(['clinic_code']);
    expectProblem(await download(1, 2026, admin.token), 400, 'validation_failed');
  });

  it("answers 404 to staff naming another clinic, and never shows that clinic's file", async () => {
    await generate(c.away.clinic.code, 1, 2026);
    const query = `?clinic_code=${c.away.clinic.code}`;
    expectProblem(await check(1, 2026, c.home.therapist.token, query), 404, 'not_found');
    expectProblem(await download(1, 2026, c.home.therapist.token, query), 404, 'not_found');
  });

  it('refuses patients (403)', async () => {
    expectProblem(await check(1, 2026, patientToken), 403, 'forbidden');
    expectProblem(await download(1, 2026, patientToken), 403, 'forbidden');
  });

  it.each([
    ['month 13', 13, 2026, 'month'],
    ['year 1900', 1, 1900, 'year'],
    ['a month before 2025-01', 12, 2024, 'year'],
  ])('refuses %s with 400', async (_, month, year, field) => {
    for (const res of [
      await check(month, year, c.home.therapist.token),
      await download(month, year, c.home.therapist.token),
      await generate(c.home.clinic.code, month, year),
    ]) {
      expect(Object.keys(expectProblem(res, 400, 'validation_failed').errors ?? {})).toContain(field);
    }
  });

  it('refuses a month that has not started in the clinic yet, saying which month to pick', async () => {
    for (const res of [
      await check(4, 2026, c.home.therapist.token),
      await download(4, 2026, c.home.therapist.token),
      await generate(c.home.clinic.code, 4, 2026),
      await upload(c.home.clinic.code, 4, 2026, { name: 'fix.xlsx', content: await workbookBase64('x') }),
    ]) {
      const problem = expectProblem(res, 400, 'validation_failed');
      expect(problem.errors?.month).toEqual(['2026-04 has not started yet: pick 2026-03 or an earlier month']);
    }
  });
});

describe('an admin uploading a corrected file', () => {
  it('stores it as the newest version, answered by download-file, with the badge and the audit row', async () => {
    await cancelBadge(c.home.therapist.token);
    const content = await workbookBase64('Corrected by the biller');
    const res = await upload(c.home.clinic.code, 1, 2026, { name: 'January corrected.xlsx', content });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ exists: true, name: 'January corrected.xlsx', source: 'uploaded' });
    const read = (await download(1, 2026, c.home.therapist.token)).json();
    expect(read).toEqual({ content, name: 'January corrected.xlsx' });
    expect(await badgeOf(c.t.app, c.home.therapist.token)).toBe(true);
    expect((await auditRows(c.db, 'billing.file_uploaded')).at(-1)).toMatchObject({
      actorUserId: admin.id,
      clinicId: c.home.clinic.id,
      detail: { month: '2026-01', name: 'January corrected.xlsx' },
    });
  });

  it('accepts a workbook of several megabytes, over the usual body limit', async () => {
    // Random base64 text compresses to about three quarters: a workbook of about 4 MB, 5.3 MB as base64.
    const filler = Array.from({ length: 2000 }, () => randomBytes(2000).toString('base64'));
    const content = await workbookBase64('Large', filler);
    expect(Buffer.from(content, 'base64').byteLength).toBeGreaterThan(3.5 * 1024 * 1024);
    const res = await upload(c.home.clinic.code, 2, 2026, { name: 'large.xlsx', content });
    expect(res.statusCode, res.body).toBe(200);
    // Writing and reading a 4 MB workbook takes seconds alone and has taken over 30 beside the other suites.
  }, 120_000);

  it.each([
    ['text that is not base64', { name: 'fix.xlsx', content: 'not base64!' }],
    ['a file that is no zip', { name: 'fix.xlsx', content: Buffer.from('Patient,CPT\nA,98980\n').toString('base64') }],
    [
      'a zip that is no workbook',
      { name: 'fix.xlsx', content: Buffer.from('PK\u0003\u0004 broken').toString('base64') },
    ],
    ['a name without .xlsx', { name: 'fix.csv', content: 'UEsDBA==' }],
  ])('refuses %s with 400', async (_, body) => {
    expectProblem(await upload(c.home.clinic.code, 1, 2026, body), 400, 'validation_failed');
  });

  it('is refused to clinic staff (403)', async () => {
    const body = { name: 'fix.xlsx', content: await workbookBase64('x') };
    for (const staff of [c.home.therapist, c.home.manager, c.home.supervisor]) {
      expectProblem(await upload(c.home.clinic.code, 1, 2026, body, staff.token), 403, 'forbidden');
    }
  });
});

describe('an admin uploading an archive built to exhaust the server (decision 1275)', () => {
  const contentTypes = () => textPart('[Content_Types].xml', '<?xml version="1.0"?><Types/>');
  // 100 MB of zeros deflate to about 100 KB: over the limit at a thousandth of the upload limit. Deflated once.
  const hundredMegabytes = 100 * 1024 * 1024;
  let zeros: Promise<Buffer> | undefined;
  const deflated = () => {
    zeros ??= deflatedZeros(hundredMegabytes);
    return zeros;
  };
  const sheetOfZeros = async (declaredSize?: number) => ({
    name: 'xl/worksheets/sheet1.xml',
    deflated: await deflated(),
    size: hundredMegabytes,
    declaredSize,
  });
  const filesStored = async () => (await c.db.select().from(billingFiles)).length;

  /**
   * Uploads the archive while another user reads the API and the server's memory is sampled: answers the upload, how
   * long the other user waited, and how far the server's memory rose above where it stood.
   */
  async function uploadBesideAnotherUser(archive: Buffer) {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const answer = upload(c.home.clinic.code, 3, 2026, { name: 'fix.xlsx', content: archive.toString('base64') });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const asked = performance.now();
    const other = await check(1, 2026, c.home.therapist.token);
    const waitedMs = performance.now() - asked;
    const res = await answer;
    clearInterval(sampler);
    expect(other.statusCode).toBe(200);
    return { res, waitedMs, riseMb: (peak - before) / 1024 / 1024 };
  }

  it('refuses one that inflates past the limit (413) without holding other users or the memory', async () => {
    const stored = await filesStored();
    const archive = zipOf([await contentTypes(), await sheetOfZeros()]);
    expect(archive.byteLength).toBeLessThan(200 * 1024);
    const { res, waitedMs, riseMb } = await uploadBesideAnotherUser(archive);
    const problem = expectProblem(res, 413, 'payload_too_large');
    expect(problem.detail).toContain('unpacks to over 64 MB');
    expect(waitedMs).toBeLessThan(1000);
    expect(riseMb).toBeLessThan(200);
    expect(await filesStored()).toBe(stored);
  });

  it('refuses one whose parts declare a few bytes and inflate to a hundred megabytes', async () => {
    const stored = await filesStored();
    const archive = zipOf([await contentTypes(), await sheetOfZeros(1000)]);
    const { res, waitedMs, riseMb } = await uploadBesideAnotherUser(archive);
    expectProblem(res, 400, 'validation_failed');
    expect(waitedMs).toBeLessThan(1000);
    expect(riseMb).toBeLessThan(200);
    expect(await filesStored()).toBe(stored);
  });

  it('refuses one of thousands of parts before inflating any (413)', async () => {
    const part = await textPart('xl/x.xml', 'x');
    const archive = zipOf(Array.from({ length: 5000 }, (_, i) => ({ ...part, name: `xl/part${i}.xml` })));
    expectProblem(
      await upload(c.home.clinic.code, 3, 2026, { name: 'fix.xlsx', content: archive.toString('base64') }),
      413,
      'payload_too_large',
    );
  });
});

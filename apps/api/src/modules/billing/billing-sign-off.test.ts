import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sheetRows } from '../../../test/billing-files-support.ts';
import { type BilledClinics, billedClinics } from '../../../test/billing-support.ts';
import { expectProblem } from '../../../test/helpers.ts';
import { auditRows } from '../../../test/hep-support.ts';
import { signedInAdmin } from '../../../test/patients-support.ts';
import { billingFiles, billingSignOffs, users } from '../../db/schema.ts';

// The test clock stands at 2026-03-02 15:00 UTC: March 2 in Los Angeles (home), so January and February have ended.
let c: BilledClinics;
let adminToken: string;
let patient: number;
let supervisorName: string;
let therapistName: string;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const stateOf = (month: number, token: string, query = '') =>
  c.call.get(`/clinic/billing/${month}/2026/sign-off${query}`, token);
type Reviewed = { units: number; expected_payment: number };
/** The month's figures as the caller's Balances screen shows them (none where they cannot read them). */
async function reviewedBy(month: number, token: string, query: string): Promise<Reviewed> {
  const res = await c.call.get(`/clinic/billing-units?month=${month}&year=2026${query.replace('?', '&')}`, token);
  return res.statusCode === 200
    ? { units: res.json().units, expected_payment: res.json().expected_payment }
    : { units: 0, expected_payment: 0 };
}
/** Signs the month off as the screen does: with the figures the caller just reviewed, unless others are given. */
const sign = async (month: number, token: string, query = '', reviewed?: Reviewed) =>
  c.call.post(`/clinic/billing/${month}/2026/sign-off${query}`, token, {
    reviewed: reviewed ?? (await reviewedBy(month, token, query)),
  });
const review = (month: number, token: string) =>
  c.call.get(`/clinic/billing/${month}/2026/post-close-corrections`, token);
const units = (month: number, token: string) => c.call.get(`/clinic/billing-units?month=${month}&year=2026`, token);
const generate = (month: number) =>
  c.call.post(`/api/v1/admin/billing/${c.home.clinic.code}/${month}/2026/generate`, adminToken);
const signOffRows = () => c.db.select().from(billingSignOffs);
const newestFile = async (month: string) => {
  const [file] = await c.db
    .select()
    .from(billingFiles)
    .where(and(eq(billingFiles.clinicId, c.home.clinic.id), eq(billingFiles.month, month)))
    .orderBy(desc(billingFiles.id))
    .limit(1);
  return file!;
};
const nameOf = async (id: number) => {
  const [user] = await c.db.select().from(users).where(eq(users.id, id));
  return `${user!.firstName} ${user!.lastName}`;
};
/** Every row of a workbook's sheet by name, as plain values. */
async function sheetOf(content: Uint8Array, name: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(content) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(name);
  if (!sheet) return null;
  return sheet.getSheetValues().flatMap((row) => (Array.isArray(row) ? [row.slice(1)] : []));
}

beforeAll(async () => {
  c = await billedClinics();
  adminToken = (await signedInAdmin(c.t, c.away.clinic.id)).token;
  supervisorName = await nameOf(c.home.supervisor.id);
  therapistName = await nameOf(c.home.therapist.id);
  // January: 15 monitored minutes and a 10-minute call, 25 minutes: one 98980.
  patient = await c.inEpisode('2026-01-05T08:00:00Z');
  await c.readings(patient, 'painlevel', c.days('2026-01-05', 16));
  await c.session(patient, '2026-01-10T18:00:00Z', 900);
  await c.pastCall(patient, { date: '2026-01-12', kind: 'phone', minutes: 10 });
});
afterAll(() => c.t.close());

describe('before the month is closed', () => {
  it('every staff role reads the state "open", and the supervisor cannot sign it (409, nothing written)', async () => {
    for (const staff of [c.home.therapist, c.home.manager, c.home.supervisor]) {
      const res = await stateOf(1, staff.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ month: '2026-01', state: 'open', signed_by: null, signed_at: null });
    }
    const refused = expectProblem(await sign(1, c.home.supervisor.token), 409, 'conflict');
    expect(refused.detail).toMatch(/not closed yet/);
    // The running month is never closed, and a month ahead of the clinic's today is not a month to pick.
    expectProblem(await sign(3, c.home.supervisor.token), 409, 'conflict');
    expectProblem(await sign(4, c.home.supervisor.token), 400, 'validation_failed');
    expect(await signOffRows()).toEqual([]);
    expect(await auditRows(c.db, 'billing.sign_off')).toEqual([]);
  });
});

describe('signing a closed month', () => {
  beforeAll(async () => {
    expect((await generate(1)).statusCode).toBe(201);
    // A 5-minute call logged with the close, before the sign-off: 30 minutes now, still one 98980; the month filed
    // 25 (decision 1285).
    await c.pastCall(patient, { date: '2026-01-25', kind: 'phone', minutes: 5 });
  });

  it('reads "closed" for staff, and for an admin by the clinic code', async () => {
    expect((await stateOf(1, c.home.therapist.token)).json().state).toBe('closed');
    const admin = await stateOf(1, adminToken, `?clinic_code=${c.home.clinic.code}`);
    expect(admin.json()).toMatchObject({ month: '2026-01', state: 'closed' });
  });

  it('is refused to therapists, managers and admins (403), and another clinic’s month is 404', async () => {
    expectProblem(await sign(1, c.home.therapist.token), 403, 'forbidden');
    expectProblem(await sign(1, c.home.manager.token), 403, 'forbidden');
    expectProblem(await sign(1, adminToken, `?clinic_code=${c.home.clinic.code}`), 403, 'forbidden');
    expectProblem(await sign(1, c.away.supervisor.token, `?clinic_code=${c.home.clinic.code}`), 404, 'not_found');
    expect(await signOffRows()).toEqual([]);
  });

  it('records the signer, the time and the signed file’s SHA-256, and the download becomes the signed copy', async () => {
    const res = await sign(1, c.home.supervisor.token);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    // The file made at the close, which is the file signed (decision 1285), and its signed copy.
    const [closed, signedFile] = await c.db
      .select()
      .from(billingFiles)
      .where(and(eq(billingFiles.clinicId, c.home.clinic.id), eq(billingFiles.month, '2026-01')))
      .orderBy(billingFiles.id);
    const callDates = async (content: Uint8Array) =>
      (await sheetRows(Buffer.from(content))).find((row) => row[4] === '98980')?.[12];
    expect(await callDates(closed!.content)).toBe('2026-01-12');
    expect(closed!.source).toBe('generated');
    expect(body).toEqual({
      month: '2026-01',
      state: 'signed',
      signed_by: { id: c.home.supervisor.id, name: supervisorName },
      signed_at: '2026-03-02T15:00:00.000Z',
      closed_file: { name: closed!.name, sha256: sha256(closed!.content) },
      signed_file: { name: signedFile!.name, sha256: sha256(signedFile!.content) },
    });
    expect(signedFile!.source).toBe('signed');

    // The signed copy is the closed file with a sheet that states the sign-off and the closed file's checksum.
    const download = await c.call.get('/clinic/billing/1/2026/download-file', c.home.manager.token);
    const bytes = Buffer.from(download.json().content, 'base64');
    expect(sha256(bytes)).toBe(body.signed_file.sha256);
    const sheet = await sheetOf(bytes, 'Sign-off');
    expect(sheet).toEqual(
      expect.arrayContaining([
        ['Signed off by', supervisorName],
        ['Signed at', '2026-03-02T07:00:00-08:00 (America/Los_Angeles)'],
        ['File signed', closed!.name],
        ['SHA-256 of the file signed', sha256(closed!.content)],
      ]),
    );
    expect(await sheetOf(closed!.content, 'Sign-off')).toBeNull();

    expect((await auditRows(c.db, 'billing.sign_off')).at(-1)).toMatchObject({
      actorUserId: c.home.supervisor.id,
      clinicId: c.home.clinic.id,
      detail: { month: '2026-01', closed_file_sha256: sha256(closed!.content), signed_file_id: signedFile!.id },
    });
    // Every role now reads who signed and when.
    expect((await stateOf(1, c.home.therapist.token)).json()).toMatchObject({
      state: 'signed',
      signed_by: { name: supervisorName },
    });
  });

  it('cannot be signed twice (409), and nothing changes', async () => {
    const before = await newestFile('2026-01');
    const refused = expectProblem(await sign(1, c.home.supervisor.token), 409, 'conflict');
    expect(refused.detail).toMatch(/signed off already/);
    expect(await signOffRows()).toHaveLength(1);
    expect((await newestFile('2026-01')).id).toBe(before.id);
    expect(await auditRows(c.db, 'billing.sign_off')).toHaveLength(1);
  });

  it('is kept as written: the database refuses to change or remove a sign-off', async () => {
    await expect(c.db.update(billingSignOffs).set({ signerName: 'Someone else' })).rejects.toThrow();
    await expect(c.db.delete(billingSignOffs)).rejects.toThrow();
    expect((await signOffRows())[0]!.signerName).toBe(supervisorName);
  });
});

describe('a signed month is frozen', () => {
  let signedBytes: string;

  beforeAll(async () => {
    signedBytes = sha256((await newestFile('2026-01')).content);
    c.t.clock.advanceMinutes(1);
    // A 20-minute call back-dated into January: 50 minutes, a further 98981 if January were still open.
    await c.pastCall(patient, { date: '2026-01-20', kind: 'phone', minutes: 20 });
  });

  it('answers the signed figures and keeps the signed file; an admin cannot make it again (409)', async () => {
    const body = (await units(1, c.home.manager.token)).json();
    expect(body.signed_at).toBe('2026-03-02T15:00:00.000Z');
    expect(body.codes.find((code: { code: string }) => code.code === '98981').units).toBe(0);
    expect(body.results[0]).toMatchObject({ minutes: 25, call_dates: ['2026-01-12'] });
    expectProblem(await generate(1), 409, 'conflict');
    expect(sha256((await newestFile('2026-01')).content)).toBe(signedBytes);
    // An open month still answers the data as they stand.
    expect((await units(2, c.home.manager.token)).json().signed_at).toBeNull();
  });

  it('lists the back-dated call in the next month’s review, with its effect, audited', async () => {
    const res = await review(2, c.home.therapist.token);
    expect(res.statusCode, res.body).toBe(200);
    const [january] = res.json().closed_months;
    expect(res.json().closed_months).toHaveLength(1);
    expect(january).toMatchObject({ month: '2026-01', state: 'signed', signed_by: supervisorName });
    expect(january.changes).toEqual([
      {
        kind: 'call_logged',
        summary: 'Phone call dated 2026-01-20, 20 min, logged after the close',
        at: '2026-03-02T15:01:00.000Z',
        by: therapistName,
        patient: { id: patient, first_name: expect.any(String), last_name: expect.any(String) },
      },
    ]);
    expect(january.effects).toEqual([
      {
        patient: expect.objectContaining({ id: patient }),
        minutes: { filed: 25, live: 50 },
        codes: [{ code: '98981', filed: 0, live: 1 }],
        expected_payment: { filed: 43.05, live: 76.35 },
      },
    ]);
    expect((await auditRows(c.db, 'billing.post_sign_off_read')).at(-1)).toMatchObject({
      actorUserId: c.home.therapist.id,
      clinicId: c.home.clinic.id,
      detail: { month: '2026-02', closed_months: ['2026-01'], patient_ids: [patient] },
    });
    // Another clinic's review of the same month knows nothing of it.
    expect((await review(2, c.away.supervisor.token)).json().closed_months).toEqual([]);
  });

  it('lists a rate changed after the sign-off, and the signed figures do not move', async () => {
    const change = await c.call.patch('/api/v1/clinic/billing-settings/', c.home.supervisor.token, {
      rates: [{ year: 2026, code: '98980', rate: 60 }],
    });
    expect(change.statusCode, change.body).toBe(200);
    const [january] = (await review(1, c.home.manager.token)).json().closed_months;
    expect(january.changes).toContainEqual({
      kind: 'rate_changed',
      summary: 'Rate of 98980 changed to $60.00 (signed at $53.81)',
      at: '2026-03-02T15:01:00.000Z',
      by: supervisorName,
      patient: null,
    });
    const signed = (await units(1, c.home.manager.token)).json();
    expect(signed.codes.find((code: { code: string }) => code.code === '98980')).toMatchObject({ rate: 53.81 });
  });
});

describe('signing what was reviewed, once', () => {
  beforeAll(async () => {
    // February holds the end of the patient's first window: set-up and supply.
    expect((await generate(2)).statusCode).toBe(201);
  });

  it('is refused (409) when the figures moved since the supervisor reviewed them, and nothing is signed', async () => {
    const now = await reviewedBy(2, c.home.supervisor.token, '');
    expect(now.units).toBeGreaterThan(0);
    expectProblem(await c.call.post('/clinic/billing/2/2026/sign-off', c.home.supervisor.token, {}), 400);
    const refused = expectProblem(
      await sign(2, c.home.supervisor.token, '', { units: now.units - 1, expected_payment: now.expected_payment }),
      409,
      'conflict',
    );
    expect(refused.detail).toMatch(/changed since you reviewed them/);
    expect((await signOffRows()).map((row) => row.month)).toEqual(['2026-01']);
  });

  it('gives one sign-off of two at once, with one signed copy, and an admin’s new version waits and is refused', async () => {
    const before = await newestFile('2026-02');
    const [first, second, remade] = await Promise.all([
      sign(2, c.home.supervisor.token),
      sign(2, c.home.supervisor.token),
      generate(2),
    ]);
    const statuses = [first.statusCode, second.statusCode];
    expect(statuses.sort()).toEqual([201, 409]);
    expect((await signOffRows()).filter((row) => row.month === '2026-02')).toHaveLength(1);
    const files = await c.db
      .select({ id: billingFiles.id, source: billingFiles.source })
      .from(billingFiles)
      .where(and(eq(billingFiles.clinicId, c.home.clinic.id), eq(billingFiles.month, '2026-02')));
    expect(files.filter((file) => file.source === 'signed')).toHaveLength(1);
    // The admin's remake either ran before the sign-off (and was signed) or after it (and was refused): never after
    // the sign-off beside it, so the month's download is the signed copy.
    if (remade.statusCode !== 201) expectProblem(remade, 409, 'conflict');
    const [signOff] = (await signOffRows()).filter((row) => row.month === '2026-02');
    expect((await newestFile('2026-02')).id).toBe(signOff!.signedFileId);
    expect(before.id).toBeLessThan(signOff!.signedFileId);
  });
});

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { hepEndpoints, pathOf } from '@rehabit/contract';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, expectProblem } from '../../../test/helpers.ts';
import { auditRows, makeVideo } from '../../../test/hep-support.ts';
import { twoClinicsForFile } from '../../../test/patients-support.ts';
import { clinics } from '../../db/schema.ts';

const run = promisify(execFile);
const work = mkdtempSync(path.join(tmpdir(), 'rehabit-logo-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const { t, call, home, away } = await twoClinicsForFile();
const { db } = t.database;

/** A real PNG of the size given, drawn in one colour, without transparency. */
function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height, colorType: 2, inputHasAlpha: true });
  image.data.fill(0x40);
  return PNG.sync.write(image, { colorType: 2 });
}

const logoUrl = (code: string) => `/api/v1/clinics/${code}/logo/`;
const upload = (code: string, token: string | undefined, payload: object) =>
  t.app.inject({ method: 'PUT', url: logoUrl(code), headers: token ? bearer(token) : {}, payload });
const remove = (code: string, token: string) =>
  t.app.inject({ method: 'DELETE', url: logoUrl(code), headers: bearer(token) });
const storedLogo = async (id: number) =>
  (await db.select({ logo: clinics.logo, type: clinics.logoType }).from(clinics).where(eq(clinics.id, id)))[0]!;
const logoAudits = async (clinicId: number) =>
  (await auditRows(db, 'clinic.update')).filter((row) => row.clinicId === clinicId);

/** The alternative texts of a PDF's structure elements, as pdfkit writes them (ASCII, or UTF-16 after its mark). */
function altTextsOf(pdf: Buffer) {
  return [...pdf.toString('latin1').matchAll(/\/Alt \(((?:\\.|[^\\)])*)\)/g)].map(([, text]) => {
    const bytes = Buffer.from(text!.replace(/\\([()\\])/g, '$1'), 'latin1');
    if (bytes[0] !== 0xfe || bytes[1] !== 0xff) return bytes.toString('latin1');
    return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
  });
}

/** The images a PDF draws (not their transparency masks), as poppler lists them. */
async function imagesOf(pdf: Buffer) {
  const file = path.join(mkdtempSync(path.join(work, 'pdf-')), 'handout.pdf');
  writeFileSync(file, pdf);
  const list = (await run('pdfimages', ['-list', file])).stdout;
  const structure = (await run('pdfinfo', ['-enc', 'UTF-8', '-struct-text', file])).stdout;
  return {
    images: list.split('\n').filter((line) => /^\s*\d+\s+\d+\s+image\b/.test(line)).length,
    structure,
    alts: altTextsOf(pdf),
  };
}

describe("a clinic's logo", () => {
  it('is set by the supervisor, read by the staff, and printed on the handout as a Figure with its alt text', async () => {
    const video = await makeVideo(db, {
      clinicId: home.clinic.id,
      ownerUserId: home.therapist.id,
      title: 'Wall squat',
    });
    const { id } = await call.register(home.therapist.token, { first_name: 'Rosalía', last_name: 'Quintanilla' });
    const added = await call.post(pathOf(hepEndpoints.program, { dashboardId: id }), home.therapist.token, [
      { video_id: video.id, sets: 2, reps: 12 },
    ]);
    expect(added.statusCode).toBe(201);
    const handout = async (language: string) => {
      const res = await call.get(`${pathOf(hepEndpoints.handout, { id })}?language=${language}`, home.therapist.token);
      expect(res.statusCode).toBe(200);
      return imagesOf(res.rawPayload);
    };

    expect((await call.get(`/api/v1/clinics/${home.clinic.code}/`, home.therapist.token)).json()).toMatchObject({
      has_logo: false,
    });
    expectProblem(await call.get(logoUrl(home.clinic.code), home.therapist.token), 404, 'not_found');
    const without = await handout('en');

    const logo = png(240, 60);
    const res = await upload(home.clinic.code, home.supervisor.token, {
      image: logo.toString('base64'),
      type: 'image/png',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: home.clinic.code, has_logo: true });
    expect((await call.get(`/api/v1/clinics/${home.clinic.code}/`, home.therapist.token)).json()).toMatchObject({
      has_logo: true,
    });

    // Any of the clinic's staff read it back, byte for byte, never cached by a shared cache.
    const read = await call.get(logoUrl(home.clinic.code), home.therapist.token);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.headers['cache-control']).toBe('no-store');
    expect(Buffer.compare(read.rawPayload, logo)).toBe(0);

    // Audited as a change of the clinic's details naming the logo, never its bytes.
    const [row] = await logoAudits(home.clinic.id);
    expect(row).toMatchObject({ actorUserId: home.supervisor.id, outcome: 'success' });
    expect(row!.detail).toEqual({ clinic_code: home.clinic.code, fields: ['logo'], removed: false });

    // The handout holds one more image, the logo, named in the structure in the handout's language.
    const withLogo = await handout('en');
    expect(withLogo.images).toBe(without.images + 1);
    expect(without.structure).toMatch(/^Document\s+P\b/);
    expect(withLogo.structure).toMatch(/^Document\s+Figure\b/);
    expect(withLogo.alts).toEqual([`${home.clinic.name} logo`, ...without.alts]);
    expect((await handout('es')).alts[0]).toBe(`Logotipo de ${home.clinic.name}`);

    // Another clinic's staff do not find it; removing it is audited, and leaves the handout as it was.
    expectProblem(await call.get(logoUrl(home.clinic.code), away.therapist.token), 404, 'not_found');
    const removed = await remove(home.clinic.code, home.supervisor.token);
    expect(removed.json()).toMatchObject({ has_logo: false });
    expect(await storedLogo(home.clinic.id)).toEqual({ logo: null, type: null });
    expect((await logoAudits(home.clinic.id)).map((r) => r.detail)).toEqual([
      row!.detail,
      { clinic_code: home.clinic.code, fields: ['logo'], removed: true },
    ]);
    expect((await handout('en')).images).toBe(without.images);
    // Nothing left to remove: nothing changes, no row.
    expect((await remove(home.clinic.code, home.supervisor.token)).statusCode).toBe(200);
    expect(await logoAudits(home.clinic.id)).toHaveLength(2);
    expectProblem(await call.get(logoUrl(home.clinic.code), home.therapist.token), 404, 'not_found');
  });

  it('refuses what is not a PNG or JPEG of at most 200 kB, other roles and another clinic, storing nothing', async () => {
    const token = away.supervisor.token;
    const code = away.clinic.code;
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    expectProblem(await upload(code, token, { image: gif.toString('base64'), type: 'image/gif' }), 400);
    const asPng = await upload(code, token, { image: gif.toString('base64'), type: 'image/png' });
    expect(expectProblem(asPng, 400, 'validation_failed').detail).toMatch(/not a PNG image/);
    const text = Buffer.from('Just some words, not a picture').toString('base64');
    expectProblem(await upload(code, token, { image: text, type: 'image/jpeg' }), 400, 'validation_failed');
    // A PNG sent as a JPEG is not one.
    expectProblem(await upload(code, token, { image: png(2, 2).toString('base64'), type: 'image/jpeg' }), 400);
    expectProblem(await upload(code, token, { image: 'not base64!', type: 'image/png' }), 400);

    // Over 200 kB: a real PNG of random pixels, which does not compress.
    const big = new PNG({ width: 300, height: 300, colorType: 2, inputHasAlpha: true });
    for (let i = 0; i < big.data.length; i++) big.data[i] = Math.floor(Math.random() * 256);
    const bigPng = PNG.sync.write(big, { colorType: 2 });
    expect(bigPng.byteLength).toBeGreaterThan(200 * 1024);
    const tooLarge = await upload(code, token, { image: bigPng.toString('base64'), type: 'image/png' });
    expect(expectProblem(tooLarge, 413, 'payload_too_large').detail).toMatch(/at most 200 kB/);

    const small = { image: png(4, 4).toString('base64'), type: 'image/png' };
    expectProblem(await upload(code, away.therapist.token, small), 403);
    expectProblem(await upload(code, away.manager.token, small), 403);
    expectProblem(await upload(code, undefined, small), 401);
    expectProblem(await upload(home.clinic.code, token, small), 404, 'not_found');
    expectProblem(await remove(home.clinic.code, token), 404, 'not_found');

    expect(await storedLogo(away.clinic.id)).toEqual({ logo: null, type: null });
    expect(await storedLogo(home.clinic.id)).toEqual({ logo: null, type: null });
    expect(await logoAudits(away.clinic.id)).toEqual([]);
  });
});

import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { hepEndpoints, pathOf } from '@rehabit/contract';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../../../test/helpers.ts';
import { auditRows, makeVideo } from '../../../test/hep-support.ts';
import { twoClinicsForFile } from '../../../test/patients-support.ts';
import { clinics, videos } from '../../db/schema.ts';

const run = promisify(execFile);
const work = mkdtempSync(path.join(tmpdir(), 'rehabit-handout-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const storageDir = path.join(work, 'videos');
const { t, call, home, away } = await twoClinicsForFile({ env: { VIDEO_STORAGE_DIR: storageDir } });
const token = home.therapist.token;
const [clinic] = await t.database.db.select({ name: clinics.name }).from(clinics).where(eq(clinics.id, home.clinic.id));

/** A poster frame as processing stores it: a small JPEG. */
const POSTER = Buffer.from(
  '/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgUFBcUFxsbGxsbGyAeICEhISAgICAhISEkJCQqKiokJCQhISQkKCgqKi4vLisrKisvLzIyMjw8OTlGRkhWVmf/xABNAAEBAAAAAAAAAAAAAAAAAAAABgEBAQEAAAAAAAAAAAAAAAAAAAUGEAEAAAAAAAAAAAAAAAAAAAAAEQEAAAAAAAAAAAAAAAAAAAAA/8AAEQgAEgAgAwEiAAIRAAMRAP/aAAwDAQACEQMRAD8AngFtnQAAAAAH/9k=',
  'base64',
);

async function clinicVideo(
  title: string,
  options: { titleEs?: string; poster?: Buffer; howTo?: string; howToEs?: string } = {},
) {
  const video = await makeVideo(t.database.db, { clinicId: home.clinic.id, ownerUserId: home.therapist.id, title });
  const [row] = await t.database.db
    .update(videos)
    .set({ titleEs: options.titleEs ?? '', description: options.howTo ?? '', descriptionEs: options.howToEs ?? '' })
    .where(eq(videos.id, video.id))
    .returning({ guid: videos.guid });
  if (options.poster) {
    mkdirSync(path.join(storageDir, 'posters'), { recursive: true });
    writeFileSync(path.join(storageDir, 'posters', `${row!.guid}.jpg`), options.poster);
  }
  return video;
}

async function patientWith(items: object[]) {
  const { id } = await call.register(token, { first_name: 'Rosalía', last_name: 'Quintanilla' });
  if (items.length > 0) {
    const res = await call.post(pathOf(hepEndpoints.program, { dashboardId: id }), token, items);
    if (res.statusCode !== 201) throw new Error(`add failed: ${res.body}`);
  }
  return id;
}

const handoutUrl = (id: number, language?: string) =>
  `${pathOf(hepEndpoints.handout, { id })}${language ? `?language=${language}` : ''}`;

/** The PDF's text as poppler reads it, page by page. */
async function pagesOf(pdf: Buffer) {
  const dir = mkdtempSync(path.join(work, 'pdf-'));
  const file = path.join(dir, 'handout.pdf');
  writeFileSync(file, pdf);
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
  // pdftotext ends every page with a form feed.
  return stdout.split('\f').slice(0, -1);
}

/** Each page rendered at 72 dpi, one pixel a point: the PNGs' sizes are the pages' sizes in points. */
async function renderedPageSizes(pdf: Buffer) {
  const dir = mkdtempSync(path.join(work, 'png-'));
  const file = path.join(dir, 'handout.pdf');
  writeFileSync(file, pdf);
  await run('pdftoppm', ['-r', '72', '-png', file, path.join(dir, 'page')]);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.png'))
    .sort()
    .map((name) => {
      const png = readFileSync(path.join(dir, name));
      return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
    });
}

/** What the QR code on the first page says, read from the page as a phone's camera would see it printed. */
async function qrCodeOf(pdf: Buffer) {
  const dir = mkdtempSync(path.join(work, 'qr-'));
  const file = path.join(dir, 'handout.pdf');
  writeFileSync(file, pdf);
  await run('pdftoppm', ['-r', '150', '-png', '-f', '1', '-l', '1', '-singlefile', file, path.join(dir, 'page')]);
  const page = PNG.sync.read(readFileSync(path.join(dir, 'page.png')));
  return jsQR(new Uint8ClampedArray(page.data), page.width, page.height)?.data ?? null;
}

/** What poppler says of the document: its metadata, and its structure tree with the text each element holds. */
async function documentInfo(pdf: Buffer) {
  const file = path.join(mkdtempSync(path.join(work, 'info-')), 'handout.pdf');
  writeFileSync(file, pdf);
  const info = (await run('pdfinfo', ['-enc', 'UTF-8', file])).stdout;
  const structure = (await run('pdfinfo', ['-enc', 'UTF-8', '-struct-text', file])).stdout;
  return { info, structure: flat(structure) };
}

/** Each page's words with where they sit, in points from the page's top. */
async function wordsOf(pdf: Buffer) {
  const file = path.join(mkdtempSync(path.join(work, 'words-')), 'handout.pdf');
  writeFileSync(file, pdf);
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', '-bbox', file, '-']);
  return stdout
    .split('<page ')
    .slice(1)
    .map((page) =>
      [...page.matchAll(/<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(
        ([, top, bottom, word]) => ({ top: Number(top), bottom: Number(bottom), word: word! }),
      ),
    );
}

async function embeddedJpegs(pdf: Buffer) {
  const file = path.join(mkdtempSync(path.join(work, 'img-')), 'handout.pdf');
  writeFileSync(file, pdf);
  const { stdout } = await run('pdfimages', ['-list', file]);
  return stdout.split('\n').filter((line) => /\bjpeg\b/.test(line)).length;
}

/** Asserts each text is found after the one before it. */
function expectInOrder(text: string, parts: string[]) {
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    expect(at, `"${part}" after position ${from} in:\n${text}`).toBeGreaterThanOrEqual(0);
    from = at + part.length;
  }
}

/** pdftotext may break a long line where the PDF wraps it: compare with single spaces. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe("a program's handout", () => {
  it('prints the program in English by default: clinic, first name, start, each exercise in order, the link', async () => {
    const squat = await clinicVideo('Wall squat', {
      poster: POSTER,
      howTo: 'Lean on the wall and slide down until your knees are bent.',
    });
    const bridge = await clinicVideo('Glute bridge');
    const calf = await clinicVideo('Calf raise', { poster: Buffer.from('not a picture') });
    const id = await patientWith([
      { video_id: squat.id, sets: 2, reps: 12 },
      { video_id: bridge.id, sets: 3, reps: 10, hold_seconds: 30, times_per_day: 2, days_per_week: 5 },
      { video_id: calf.id, sets: 1, reps: 15, description: 'Hold the chair for balance.' },
    ]);

    const res = await call.get(handoutUrl(id), token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="exercise-program-${id}-en.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 8).toString()).toBe('%PDF-1.7');

    const text = flat((await pagesOf(pdf)).join('\n'));
    expectInOrder(text, [
      clinic!.name,
      'Your home exercise program',
      'Prepared for Rosalía',
      'Program started March 2, 2026',
      '1. Wall squat',
      'Sets: 2',
      'Repetitions: 12',
      'How often: Once a day, every day',
      'How to do it',
      'Lean on the wall and slide down until your knees are bent.',
      '2. Glute bridge',
      'Sets: 3',
      'Repetitions: 10',
      'Hold: 30 seconds',
      'How often: Twice a day, 5 days a week',
      '3. Calf raise',
      'Sets: 1',
      'Repetitions: 15',
      'Notes from your therapist',
      'Hold the chair for balance.',
      'Scan to open your program',
      'http://rehabit.test/patient/login',
    ]);
    // Only what the program needs: never the last name or anything else of the record.
    expect(text).not.toContain('Quintanilla');
    // The one readable poster is printed; the missing one and the unreadable one are left out.
    expect(await embeddedJpegs(pdf)).toBe(1);
    expect(await renderedPageSizes(pdf)).toEqual([{ width: 612, height: 792 }]);
    // The printed QR code opens the patient's sign-in page, and nothing more (no token, no patient).
    expect(await qrCodeOf(pdf)).toBe('http://rehabit.test/patient/login');
    // Tagged, titled and in its language; read in order: the title, each exercise under its heading, the link.
    const { info, structure } = await documentInfo(pdf);
    expect(info).toMatch(/^Tagged:\s+yes$/m);
    expect(info).toMatch(/^Title:\s+Your home exercise program$/m);
    expect(/^Author:\s+(.*)$/m.exec(info)?.[1]).toBe(clinic!.name);
    expect(info).not.toContain('Rosalía');
    expect(pdf.includes('/Lang (en-US)')).toBe(true);
    expectInOrder(structure, [
      'H1 (block) "Your home exercise program"',
      'H2 (block) "1. Wall squat" Figure',
      'H2 (block) "2. Glute bridge" P (block) "Sets: 3"',
      'H2 (block) "3. Calf raise" P (block)',
      'H3 (block) "Notes from your therapist"',
      'Figure',
      'Link (inline) "http://rehabit.test/patient/login"',
    ]);

    const [row] = await auditRows(t.database.db, 'handout.download', id);
    expect(row).toMatchObject({
      outcome: 'success',
      actorUserId: home.therapist.id,
      clinicId: home.clinic.id,
      patientId: id,
      detail: { language: 'en', exercises: 3 },
    });
  });

  it('prints it in Spanish: the Spanish titles, words, dosage and date', async () => {
    const squat = await clinicVideo('Wall squat', {
      titleEs: 'Sentadilla en la pared',
      howTo: 'Lean on the wall.',
      howToEs: 'Apóyese en la pared y baje despacio.',
    });
    const bridge = await clinicVideo('Glute bridge');
    const id = await patientWith([
      { video_id: squat.id, sets: 2, reps: 12, hold_seconds: 1, times_per_day: 3, days_per_week: 1 },
      { video_id: bridge.id, sets: 4, reps: 8, days_per_week: 3, description: 'Apriete los glúteos arriba.' },
    ]);

    const res = await call.get(handoutUrl(id, 'es'), home.manager.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="exercise-program-${id}-es.pdf"`);
    const text = flat((await pagesOf(res.rawPayload)).join('\n'));
    expectInOrder(text, [
      'Su programa de ejercicios en casa',
      'Preparado para Rosalía',
      'Programa iniciado el 2 de marzo de 2026',
      '1. Sentadilla en la pared',
      'Series: 2',
      'Repeticiones: 12',
      'Mantener: 1 segundo',
      'Frecuencia: 3 veces al día, 1 día a la semana',
      'Cómo hacerlo',
      'Apóyese en la pared y baje despacio.',
      '2. Glute bridge',
      'Series: 4',
      'Repeticiones: 8',
      'Frecuencia: Una vez al día, 3 días a la semana',
      'Notas de su terapeuta',
      'Apriete los glúteos arriba.',
      'Escanee para abrir su programa',
      'http://rehabit.test/patient/login',
    ]);
    expect(text).not.toContain('Sets:');
    expect(text).not.toContain('Lean on the wall.');
    expect(res.rawPayload.includes('/Lang (es-US)')).toBe(true);
    expect((await documentInfo(res.rawPayload)).info).toMatch(/^Title:\s+Su programa de ejercicios en casa$/m);
    expect(await auditRows(t.database.db, 'handout.download', id)).toMatchObject([
      { actorUserId: home.manager.id, clinicId: home.clinic.id, detail: { language: 'es', exercises: 2 } },
    ]);
  });

  it('flows a long program over Letter pages, each exercise whole on one page', async () => {
    const notes = 'Move slowly and stop if the pain rises above three out of ten. '.repeat(6).trim();
    const items = [];
    for (let n = 1; n <= 9; n++) {
      const video = await clinicVideo(`Exercise number ${n}`, { poster: POSTER });
      items.push({ video_id: video.id, reps: 10 + n, description: notes });
    }
    const id = await patientWith(items);

    const pdf = (await call.get(handoutUrl(id, 'en'), token)).rawPayload;
    const pages = (await pagesOf(pdf)).map(flat);
    const sizes = await renderedPageSizes(pdf);
    expect(sizes.length).toBeGreaterThan(1);
    expect(sizes).toEqual(pages.map(() => ({ width: 612, height: 792 })));
    for (let n = 1; n <= 9; n++) {
      const page = pages.find((text) => text.includes(`${n}. Exercise number ${n}`));
      expect(page, `exercise ${n} is printed`).toBeDefined();
      // Its dosage and the end of its notes are on the page its name is on.
      expectInOrder(page!, [`${n}. Exercise number ${n}`, `Repetitions: ${10 + n}`, notes.slice(-30)]);
    }
    for (const [index, page] of pages.entries()) {
      expect(page).toContain('http://rehabit.test/patient/login');
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    }
    expect(await embeddedJpegs(pdf)).toBe(9);
    // No exercise runs into the footer's band: below the last exercise there is only the footer.
    const footerWords = new Set(
      ['Scan to open your program', 'http://rehabit.test/patient/login', 'Page of'].flatMap((line) => line.split(' ')),
    );
    for (const words of await wordsOf(pdf)) {
      const inFooter = words.filter(({ bottom }) => bottom > 792 - 54 - 64 - 12);
      expect(inFooter.length).toBeGreaterThan(0);
      expect(inFooter.filter(({ word }) => !footerWords.has(word) && !/^\d+$/.test(word))).toEqual([]);
      expect(words.every(({ top }) => top >= 54)).toBe(true);
    }
  });

  it('refuses an empty program, another language, and another clinic', async () => {
    const empty = await patientWith([]);
    expect(expectProblem(await call.get(handoutUrl(empty), token), 409, 'conflict').detail).toMatch(/no exercises/);

    const video = await clinicVideo('Wall squat');
    const id = await patientWith([{ video_id: video.id }]);
    const french = expectProblem(await call.get(handoutUrl(id, 'fr'), token), 400, 'validation_failed');
    expect(french.errors).toHaveProperty('language');

    expectProblem(await call.get(handoutUrl(id), away.therapist.token), 404, 'not_found');
    expect(await auditRows(t.database.db, 'handout.download', id)).toEqual([]);
    const denied = (await auditRows(t.database.db, 'handout.download')).filter(
      (row) => row.outcome === 'denied' && row.actorUserId === away.therapist.id,
    );
    expect(denied).toMatchObject([{ clinicId: away.clinic.id, patientId: null, detail: { patient_id: id } }]);

    expectProblem(await call.get(handoutUrl(id)), 401);
  });
});

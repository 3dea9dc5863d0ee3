import { fhirEndpoints, pathOf } from '@rehabit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditLog } from '../src/lib/audit.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createBillingFilesService } from '../src/modules/billing/billing-files.service.ts';
import { readableTypes } from '../src/modules/fhir/fhir-ids.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { createLocalVideoStorage } from '../src/video-host/local-storage.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { type FhirJson, fhirErrorsOf } from './fhir-validator.ts';
import { bearer, testConfig } from './helpers.ts';
import { type ListeningApp, listen, tempDir, waitFor } from './videos-support.ts';

let db: TestDatabase;
let server: ListeningApp;
const storageDir = tempDir();

beforeAll(async () => {
  db = await createTestDatabase();
  // Without ffmpeg the bundled clip stands in for every exercise; start-up then processes them all.
  await seedDemo(db.database.db, {
    restrictedCode: 'X5218',
    videos: { storage: createLocalVideoStorage(storageDir), ffmpeg: '/nonexistent/ffmpeg' },
  });
  server = await listen(db.database, storageDir);
});
afterAll(async () => {
  await server.app.close();
  await db.drop();
});

const signin = async (email: string) =>
  (
    await server.app.inject({
      method: 'POST',
      url: '/clinic/therapist/signin',
      payload: { email, password: 'rehabit-demo-1' },
    })
  ).json().token as string;

describe('the demo exercise library', () => {
  it('holds about 50 playable exercises, clinic videos and folders, each clinic seeing its own', async () => {
    const therapist = await signin('therapist@example.com');
    // Start-up processes every clip with ffmpeg: on a busy two-core machine that takes minutes, not seconds (CI has
    // taken over two).
    const global = await waitFor(async () => {
      const page = (
        await server.app.inject({
          url: '/video/list?scope=global&status=ready&page_size=100',
          headers: bearer(therapist),
        })
      ).json();
      return page.count >= 50 ? page : undefined;
    }, 300_000);
    const titles = global.results.map((v: { title: string }) => v.title);
    expect(titles).toEqual(
      expect.arrayContaining(['Clamshell', 'Bird Dog', 'Quad Sets', 'Chin Tucks', '90/90 Hamstring']),
    );
    // A few exercises carry a Spanish title and instructions for patients who read Spanish; the rest stay English.
    const heelSlides = global.results.find((v: { title: string }) => v.title === 'Heel Slides');
    expect(heelSlides).toMatchObject({
      title_es: 'Deslizamiento de talón',
      description_es: expect.stringMatching(/talón/),
    });
    // The first exercises of a knee program carry English and Spanish captions, served by their signed links.
    const captions = heelSlides.captions as { language: string; url: string }[];
    expect(captions.map((c) => c.language)).toEqual(['en', 'es']);
    const spanish = await server.app.inject({ url: captions[1]!.url });
    expect(spanish.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(spanish.body).toMatch(/^WEBVTT\n[\s\S]*Deslizamiento de talón/);
    for (const title of ['Quad Sets', 'Ankle Pumps']) {
      const video = global.results.find((v: { title: string }) => v.title === title);
      expect(video.captions.map((c: { language: string }) => c.language)).toEqual(['en', 'es']);
    }
    const translated = global.results.filter((v: { title_es: string }) => v.title_es !== '');
    expect(translated.length).toBeGreaterThanOrEqual(5);
    const clip = await fetch(`${server.url}${global.results[0].play_url}`);
    expect(clip.status).toBe(200);

    const folders = (await server.app.inject({ url: '/video/library', headers: bearer(therapist) })).json();
    expect(folders.results.map((f: { name: string }) => f.name)).toEqual([
      'Low back basics',
      'Post-op knee',
      'Shoulder rehab',
    ]);
    const other = await signin('other@example.com');
    const theirs = (await server.app.inject({ url: '/video/library', headers: bearer(other) })).json();
    expect(theirs.results.map((f: { name: string }) => f.name)).toEqual(['Neck']);
    const clinic = (await server.app.inject({ url: '/video/list?scope=clinic', headers: bearer(other) })).json();
    expect(clinic.results.map((v: { title: string }) => v.title)).toEqual(['Chin Tucks at the desk']);
  }, 330_000);
});

// Every demo patient's record as FHIR R4 (decision 1425), on the demo seeded with its exercise library and programs.
describe('the demo patients as FHIR', () => {
  it('export each patient of each demo clinic as a Bundle every resource of which is valid FHIR R4', async () => {
    // The month-close job files the month just ended, whose billed codes are the records' ChargeItems.
    const { monthClose } = createBillingFilesService({
      db: db.database.db,
      clock: systemClock,
      audit: createAuditLog(db.database.db),
      config: testConfig(),
    });
    for (const due of await monthClose.dueMonths()) await monthClose.close(due);
    const types = new Set<string>();
    let patients = 0;
    for (const email of ['therapist@example.com', 'other@example.com']) {
      const token = await signin(email);
      const list = (await server.app.inject({ url: '/api/v1/patients/?page_size=100', headers: bearer(token) })).json();
      expect(list.count).toBe(list.results.length);
      for (const { id } of list.results as { id: number }[]) {
        const res = await server.app.inject({ url: pathOf(fhirEndpoints.bundle, { id }), headers: bearer(token) });
        expect(res.statusCode, res.body).toBe(200);
        const bundle = res.json() as FhirJson & { entry: { resource: FhirJson }[] };
        expect(fhirErrorsOf(bundle), `patient ${id}`).toEqual([]);
        for (const { resource } of bundle.entry) {
          expect(fhirErrorsOf(resource), `patient ${id}: ${resource.resourceType}/${resource.id}`).toEqual([]);
          types.add(resource.resourceType);
        }
        patients += 1;
      }
    }
    expect(patients).toBeGreaterThanOrEqual(50);
    expect([...types].sort()).toEqual([...readableTypes].sort());
  });
});

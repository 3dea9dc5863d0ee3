import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { closeInitialNote, demo, forgetSession, signIn } from './support.ts';

// The record leaves for the EMR (decisions 1425 and 1450): a therapist downloads a patient's FHIR Bundle from the
// dashboard, and an off-the-shelf FHIR R4 validator (Medplum's, run as the API's `fhir:validate` command) accepts it.

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The validator's verdict on a downloaded file: its output and whether it found no error. */
async function validate(path: string) {
  try {
    const { stdout } = await promisify(execFile)(
      'npm',
      ['run', '-s', 'fhir:validate', '-w', '@rehabit/api', '--', path],
      {
        cwd: repoRoot,
      },
    );
    return { ok: true, output: stdout };
  } catch (error) {
    return { ok: false, output: String((error as { stdout?: string }).stdout ?? error) };
  }
}

async function download(page: Page, button: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: file.suggestedFilename(), path: (await file.path())! };
}

test("a therapist downloads Ashley Perez's FHIR record and a FHIR validator accepts it", async ({ page }) => {
  await page.goto('/login');
  await forgetSession(page);
  await signIn(page, demo.therapist.email, demo.therapist.password);
  await closeInitialNote(page);
  await page.getByRole('searchbox', { name: 'Search patients' }).fill('Ashley Perez');
  await page.getByRole('link', { name: 'Ashley Perez' }).click();
  await expect(page.getByRole('heading', { name: /Ashley Perez/, level: 1 })).toBeVisible();
  const id = Number(/\/patient\/(\d+)\//.exec(page.url())![1]);

  const file = await download(page, 'Download FHIR record');
  expect(file.name).toBe(`fhir-record-${id}.json`);
  const bundle = JSON.parse(await readFile(file.path, 'utf8'));
  expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
  const types = new Set(bundle.entry.map((e: { resource: { resourceType: string } }) => e.resource.resourceType));
  // Last month was closed at the server's first start: its billed codes are in the record.
  for (const type of ['Patient', 'Practitioner', 'PractitionerRole', 'Organization', 'Condition', 'CarePlan']) {
    expect(types, type).toContain(type);
  }
  for (const type of ['Observation', 'Encounter', 'ChargeItem']) expect(types, type).toContain(type);

  const verdict = await validate(file.path);
  expect(verdict.output).toMatch(/\d+ resources checked against FHIR R4, 0 with errors/);
  expect(verdict.ok, verdict.output).toBe(true);
});

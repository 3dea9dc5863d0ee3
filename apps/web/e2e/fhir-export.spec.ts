import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll, signInAsSupervisor, snap } from './support.ts';

/** The demo clinic's running month (its calendar is Chicago's), as the screens name it. */
function runningMonth() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
  const [year, month] = today.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

test('the supervisor exports the month as FHIR files, follows it to the end and downloads the patients', async ({
  page,
}) => {
  const month = runningMonth();
  await signInAsSupervisor(page);
  await page.goto('/balances');
  const card = page.getByRole('region', { name: `FHIR export of ${month}` });
  await expect(card).toBeVisible();
  // A first run finds no export of the month; a run on the same server finds the earlier one and makes another.
  await card.getByRole('button', { name: new RegExp(`^Export ${month}`) }).click();

  const patients = card.getByRole('button', { name: /^Download Patient\.ndjson, \d+ resources?$/ });
  await expect(patients).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText(/Asked for by .+ on .+; made on .+ with \d+ patients?/);
  await expect(card.getByRole('progressbar')).toHaveCount(0);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await card.scrollIntoViewIfNeeded();
  await snap(page, 'fhir-export');

  const [download] = await Promise.all([page.waitForEvent('download'), patients.click()]);
  expect(download.suggestedFilename()).toMatch(/^fhir-\d{4}-\d{2}-Patient\.ndjson$/);
  const lines = (await readFile((await download.path())!, 'utf8')).split('\n').filter(Boolean);
  const count = Number((await patients.getAttribute('aria-label'))!.match(/(\d+) resource/)![1]);
  expect(lines).toHaveLength(count);
  for (const line of lines) expect(JSON.parse(line).resourceType).toBe('Patient');
});

import { readFile } from 'node:fs/promises';
import { type Download, expect, test } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll, lastMonth, signInAsSupervisor, snap } from './support.ts';

/** The cells of a CSV line, quoted cells unquoted. */
const cellsOf = (line: string) =>
  [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, cell]) =>
    cell!.startsWith('"') ? cell!.slice(1, -1).replaceAll('""', '"') : cell!,
  );

/** A downloaded file's text. */
const textOf = async (download: Download) => readFile((await download.path())!, 'utf8');

test("the supervisor exports last month as FHIR files and as claims, and each ChargeItem is a claim's line", async ({
  page,
}) => {
  const month = lastMonth();
  await signInAsSupervisor(page);
  // The server closes last month as it first starts: the journey waits for its billing file.
  const claimsButton = page
    .getByRole('region', { name: `Billing file of ${month.name}` })
    .getByRole('button', { name: 'Download claims CSV' });
  await expect(async () => {
    await page.goto(`/balances?month=${month.iso}`);
    await expect(claimsButton).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  const card = page.getByRole('region', { name: `FHIR export of ${month.name}` });
  await expect(card).toBeVisible();
  // A first run finds no export of the month; a run on the same server finds the earlier one and makes another.
  await card.getByRole('button', { name: new RegExp(`^Export ${month.name}`) }).click();

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
  const lines = (await textOf(download)).split('\n').filter(Boolean);
  const count = Number((await patients.getAttribute('aria-label'))!.match(/(\d+) resource/)![1]);
  expect(lines).toHaveLength(count);
  for (const line of lines) expect(JSON.parse(line).resourceType).toBe('Patient');

  // The month was closed: its billed codes are ChargeItems, and the claims CSV holds the same lines.
  const [chargeFile] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: /^Download ChargeItem\.ndjson, \d+ resources?$/ }).click(),
  ]);
  const charges = (await textOf(chargeFile))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const [claimsFile] = await Promise.all([page.waitForEvent('download'), claimsButton.click()]);
  const [header, ...claimLines] = (await textOf(claimsFile)).trimEnd().split('\r\n').map(cellsOf);
  const column = (name: string) => header!.indexOf(name);
  const claimKeys = claimLines.map((cells) =>
    ['Patient account number', 'CPT', 'Units', 'Date of service', 'Charge']
      .map((name) => cells[column(name)])
      .join(' '),
  );
  const chargeKeys = charges.map((charge) => {
    const service = charge.extension.find((e: { url: string }) => e.url.endsWith('rtm-date-of-service')).valueDate;
    const [year, mm, dd] = service.split('-');
    return [
      charge.subject.reference.replace('Patient/', ''),
      charge.code.coding[0].code,
      charge.quantity.value,
      `${mm}/${dd}/${year}`,
      charge.priceOverride.value.toFixed(2),
    ].join(' ');
  });
  expect(charges.length).toBeGreaterThan(0);
  expect(chargeKeys.sort()).toEqual(claimKeys.sort());
});

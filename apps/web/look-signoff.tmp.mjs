import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3101';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const step = process.argv[2];
async function supervisorPage(width) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, baseURL: base, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  await page.goto('/supervisor-login');
  await page.getByLabel('Clinic code').fill('DEMO01');
  await page.getByLabel('Supervisor password').fill('demo-supervisor-1');
  await page.getByRole('button', { name: 'Sign in as supervisor' }).click();
  await page.waitForURL(/therapist-list/);
  return page;
}
async function therapistPage(width) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, baseURL: base, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('therapist@example.com');
  await page.getByLabel('Password').fill('rehabit-demo-1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/patients/);
  const note = page.getByRole('dialog', { name: "What's new in Rehabit" });
  if (await note.waitFor({ timeout: 3000 }).then(() => true).catch(() => false)) await note.getByRole('button', { name: 'Close' }).click();
  return page;
}
const shot = async (page, name) => { await page.waitForTimeout(1500); await page.screenshot({ path: `/tmp/signoff-shots/${name}.png`, fullPage: true, clip: { x: 0, y: 0, width: page.viewportSize().width, height: page.viewportSize().width > 400 ? 1100 : 1900 } }); };
if (step === 'before') {
  for (const w of [1280, 390]) {
    const p = await supervisorPage(w); await p.goto('/balances?month=2026-10'); await shot(p, `sup-oct-before-${w}`);
    const t = await therapistPage(w); await t.goto('/balances?month=2026-10'); await shot(t, `ther-oct-before-${w}`);
  }
}
if (step === 'sign') {
  const p = await supervisorPage(1280); await p.goto('/balances?month=2026-10');
  await p.getByRole('button', { name: 'Sign off October 2026' }).click();
  await shot(p, 'sup-confirm-1280');
  await p.getByRole('dialog').getByRole('button', { name: 'Sign off', exact: true }).click();
  await p.getByText(/Signed off by/).waitFor();
  await shot(p, 'sup-oct-signed-1280');
}
if (step === 'after') {
  for (const w of [1280, 390]) {
    const p = await supervisorPage(w); await p.goto('/balances?month=2026-10'); await shot(p, `sup-oct-after-${w}`);
    await p.goto('/balances'); await shot(p, `sup-nov-${w}`);
    const t = await therapistPage(w); await t.goto('/balances?month=2026-10'); await shot(t, `ther-oct-after-${w}`);
    await t.goto('/balances'); await shot(t, `ther-nov-${w}`);
  }
}
await browser.close();

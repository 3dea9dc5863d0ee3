// Fails when the JavaScript a first-time visitor's first screen loads is over budget once gzipped: each side's
// first route (/login for staff, /patient/login for patients; FIRST_ROUTES to change) is opened in Chromium on the
// build and every JavaScript file it fetched counts, the route's lazy chunks included, whichever entry page serves
// it. Also fails when any screen's JavaScript is over budget: what the entry loads plus everything that screen can
// load on demand (a library loaded only on the screen that uses it counts on that screen alone; decision 0104).
// All JavaScript together is reported. Run after `vite build`.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchChromium, loadPage, pageFor, serveBuild } from './first-route.mjs';

// The goal for a first route is 170 kB (issue #18), and a first route fails above it. Counted honestly, lazy chunks
// included: /login loads about 161 kB, /patient/login about 167 kB (decisions 1170 and 1183). bench/web reports the
// goal as met or missed.
const FIRST_ROUTE_GOAL_KB = Number(process.env.BUNDLE_BUDGET_KB ?? 170);
// The architecture's budget for JavaScript, held per screen. Error reporting (Sentry with session replay) is left
// out of it: it is downloaded only by deployments that configure a DSN, and is reported on its own line.
const SCREEN_BUDGET_KB = Number(process.env.SCREEN_BUDGET_KB ?? 350);
const isScreen = (key) => key.startsWith('src/app/routes/');
const isErrorReporting = (key) => key.includes('node_modules/@sentry/');
// The patient's side (decision 0430) is a small app of its own: patients never load staff screens and staff never
// load the patient's screens, languages and i18next. Its chunks count in the all-JavaScript total and are also
// held to a budget of their own, so that a patient's phone downloads little: the installed app downloads all of them
// once (decision 1355), so the total is what a phone pays at install. 70 kB since the check-ins, the reminders and
// the installed app's own code came (60 kB before).
const PATIENT_SIDE_BUDGET_KB = Number(process.env.PATIENT_SIDE_BUDGET_KB ?? 70);
// The patient side's routes, and the parts of its screens that load later (the sign-in's steps after the phone).
const isPatientRoot = (key) => key.startsWith('src/app/routes/patient/') || key.startsWith('src/features/patient-app/');
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
} catch {
  console.error('No build manifest found: run `npm run build -w @rehabit/web` first.');
  process.exit(1);
}

// The staff entry (index.html) is the base of every staff screen below; another entry (the patient's) is measured
// through its first route.
const entryKey = manifest['index.html']?.isEntry
  ? 'index.html'
  : Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('The build manifest has no entry chunk.');
  process.exit(1);
}

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1000;

// The entry plus its static imports, followed transitively: the base of every screen's count below.
const initial = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || initial.has(chunk.file)) return;
  initial.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entryKey);

// Each first route as a browser loads it: every JavaScript file fetched, lazy chunks included.
const firstRoutes = (process.env.FIRST_ROUTES ?? '/login,/patient/login').split(',').filter(Boolean);
const server = await serveBuild(dist);
const browser = await launchChromium();
const measured = [];
try {
  for (const route of firstRoutes) {
    const files = await loadPage(browser, `${server.url}${route}`);
    const js = [...new Set(files.filter((f) => f.path.endsWith('.js')).map((f) => f.path.slice(1)))];
    const rows = js.map((file) => ({ file, kb: gzipKb(file) })).sort((a, b) => b.kb - a.kb);
    measured.push({ route, page: pageFor(dist, route), rows, kb: rows.reduce((sum, row) => sum + row.kb, 0) });
  }
} finally {
  await browser.close();
  await server.close();
}

const jsFiles = (entries) => new Set(entries.map(([, chunk]) => chunk.file).filter((file) => file.endsWith('.js')));
const sumKb = (files) => [...files].reduce((sum, file) => sum + gzipKb(file), 0);
const entries = Object.entries(manifest);
const reachedFrom = (roots) => {
  const seen = new Set();
  const walk = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) walk(imported);
  };
  for (const root of roots) walk(root);
  return seen;
};
const roots = entries.filter(([, chunk]) => chunk.isEntry || chunk.isDynamicEntry).map(([key]) => key);
const reachedByStaffSide = reachedFrom(roots.filter((key) => !isPatientRoot(key)));
const isPatientSide = (key) => !reachedByStaffSide.has(key);
const reportingKb = sumKb(jsFiles(entries.filter(([key]) => isErrorReporting(key))));
const patientSideKb = sumKb(jsFiles(entries.filter(([key]) => isPatientSide(key))));
const allKb = sumKb(jsFiles(entries.filter(([key]) => !isErrorReporting(key))));

for (const { route, page, rows, kb } of measured) {
  console.log(`First route ${route} (${page}), every JavaScript file it loads (gzip):`);
  for (const row of rows) console.log(`  ${row.kb.toFixed(1).padStart(7)} kB  ${row.file}`);
  console.log(`  ${kb.toFixed(1).padStart(7)} kB  total in ${rows.length} files, budget ${FIRST_ROUTE_GOAL_KB} kB`);
}
console.log(`All JavaScript (gzip, loaded on demand included): ${allKb.toFixed(1)} kB`);

// A screen's JavaScript: the first screen's, and everything the screen's own modules reach, on demand included.
// The first screen's chunks load other screens only when the user goes there, so their on-demand imports are not
// followed.
const reachedWithDemand = (root) => {
  const seen = new Set();
  const walk = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    const onDemand = initial.has(manifest[key].file) ? [] : (manifest[key].dynamicImports ?? []);
    for (const imported of [...(manifest[key].imports ?? []), ...onDemand]) walk(imported);
  };
  walk(root);
  return seen;
};
// The layout every screen of a folder is shown in (router.tsx), loaded with it.
const layoutOf = {
  'src/app/routes/app/': 'src/app/routes/app/protected-layout.tsx',
  'src/app/routes/patient/': 'src/app/routes/patient/patient-layout.tsx',
  'src/app/routes/auth/': 'src/components/layouts/auth-layout.tsx',
};
const screens = roots
  .filter((key) => isScreen(key))
  .map((key) => {
    const files = new Set(initial);
    const layout = Object.entries(layoutOf).find(([folder]) => key.startsWith(folder))?.[1];
    // The layout's own on-demand parts (the chat panel, dialogs) load when opened there, on any screen: not counted.
    const reached = [...reachedWithDemand(key), ...(layout ? reachedFrom([layout]) : [])];
    for (const chunk of reached) if (!isErrorReporting(chunk)) files.add(manifest[chunk].file);
    return { key, kb: sumKb(jsFiles([...files].map((file) => [file, { file }]))) };
  })
  .sort((a, b) => b.kb - a.kb);
console.log(`Heaviest screens (gzip, first screen and on demand included), budget ${SCREEN_BUDGET_KB} kB each:`);
for (const screen of screens.slice(0, 5)) console.log(`  ${screen.kb.toFixed(1).padStart(7)} kB  ${screen.key}`);
console.log(`Error reporting, loaded only with a DSN: ${reportingKb.toFixed(1)} kB`);
console.log(
  `Patient side only (screens, languages, i18next): ${patientSideKb.toFixed(1)} kB, budget ${PATIENT_SIDE_BUDGET_KB} kB`,
);

const emptyRoutes = measured.filter((route) => route.rows.length === 0);
if (emptyRoutes.length > 0) {
  console.error(`No JavaScript loaded for ${emptyRoutes.map((r) => r.route).join(', ')}: is the build complete?`);
  process.exit(1);
}
const overFirst = measured.filter(({ kb }) => kb > FIRST_ROUTE_GOAL_KB);
if (overFirst.length > 0) {
  for (const { route, kb } of overFirst) {
    console.error(`First route ${route} over budget by ${(kb - FIRST_ROUTE_GOAL_KB).toFixed(1)} kB.`);
  }
  process.exit(1);
}
const overBudget = screens.filter((screen) => screen.kb > SCREEN_BUDGET_KB);
if (overBudget.length > 0) {
  for (const screen of overBudget) {
    console.error(`${screen.key} over budget by ${(screen.kb - SCREEN_BUDGET_KB).toFixed(1)} kB.`);
  }
  process.exit(1);
}
if (patientSideKb > PATIENT_SIDE_BUDGET_KB) {
  console.error(`Patient side over budget by ${(patientSideKb - PATIENT_SIDE_BUDGET_KB).toFixed(1)} kB.`);
  process.exit(1);
}
console.log('Bundle budget: ok');

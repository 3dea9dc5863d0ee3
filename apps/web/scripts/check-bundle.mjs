// Fails when the JavaScript needed for the first screen (the entry chunk and everything it imports
// statically) is over budget once gzipped, or when all JavaScript (error reporting aside) is. Run after
// `vite build`.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const INITIAL_BUDGET_KB = Number(process.env.BUNDLE_BUDGET_KB ?? 170);
// The architecture's budget for all JavaScript. Error reporting (Sentry with session replay) is left out of it:
// it is downloaded only by deployments that configure a DSN, and is reported on its own line.
const ALL_JS_BUDGET_KB = Number(process.env.ALL_JS_BUDGET_KB ?? 350);
const isErrorReporting = (key) => key.includes('node_modules/@sentry/');
// The patient's side (decision 0430) is a small app of its own: patients never load staff screens and staff never
// load the patient's screens, languages and i18next. Its chunks count in the all-JavaScript total and are also
// held to a budget of their own, so that a patient's phone downloads little.
const PATIENT_SIDE_BUDGET_KB = Number(process.env.PATIENT_SIDE_BUDGET_KB ?? 60);
const isPatientRoute = (key) => key.startsWith('src/app/routes/patient/');
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
} catch {
  console.error('No build manifest found: run `npm run build -w @rehabit/web` first.');
  process.exit(1);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('The build manifest has no entry chunk.');
  process.exit(1);
}

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1000;

// The entry plus its static imports, followed transitively.
const initial = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || initial.has(chunk.file)) return;
  initial.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entryKey);

const rows = [...initial].map((file) => ({ file, kb: gzipKb(file) })).sort((a, b) => b.kb - a.kb);
const initialKb = rows.reduce((sum, row) => sum + row.kb, 0);

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
const reachedByStaffSide = reachedFrom(roots.filter((key) => !isPatientRoute(key)));
const isPatientSide = (key) => !reachedByStaffSide.has(key);
const reportingKb = sumKb(jsFiles(entries.filter(([key]) => isErrorReporting(key))));
const patientSideKb = sumKb(jsFiles(entries.filter(([key]) => isPatientSide(key))));
const allKb = sumKb(jsFiles(entries.filter(([key]) => !isErrorReporting(key))));

console.log('Initial-route JavaScript (gzip):');
for (const row of rows) console.log(`  ${row.kb.toFixed(1).padStart(7)} kB  ${row.file}`);
console.log(`  ${initialKb.toFixed(1).padStart(7)} kB  total, budget ${INITIAL_BUDGET_KB} kB`);
console.log(`All JavaScript (gzip, loaded on demand included): ${allKb.toFixed(1)} kB, budget ${ALL_JS_BUDGET_KB} kB`);
console.log(`Error reporting, loaded only with a DSN: ${reportingKb.toFixed(1)} kB`);
console.log(
  `Patient side only (screens, languages, i18next): ${patientSideKb.toFixed(1)} kB, budget ${PATIENT_SIDE_BUDGET_KB} kB`,
);

if (initialKb > INITIAL_BUDGET_KB) {
  console.error(`First screen over budget by ${(initialKb - INITIAL_BUDGET_KB).toFixed(1)} kB.`);
  process.exit(1);
}
if (allKb > ALL_JS_BUDGET_KB) {
  console.error(`All JavaScript over budget by ${(allKb - ALL_JS_BUDGET_KB).toFixed(1)} kB.`);
  process.exit(1);
}
if (patientSideKb > PATIENT_SIDE_BUDGET_KB) {
  console.error(`Patient side over budget by ${(patientSideKb - PATIENT_SIDE_BUDGET_KB).toFixed(1)} kB.`);
  process.exit(1);
}
console.log('Bundle budget: ok');

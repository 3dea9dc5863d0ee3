import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ManifestTransform } from 'workbox-build';

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; assets?: string[] };

/** The staff app's entry and error reporting (loaded only with a DSN): never part of the patient's precache. */
const isLeftOut = (key: string) => key === 'src/app/staff-main.tsx' || key.includes('node_modules/@sentry/');

/**
 * The files of the build the patient side runs on (decision 1355): the page's first script with its static imports,
 * and everything the patient app (src/app/patient-main.tsx) loads, at once or on demand, read from Vite's manifest.
 */
export function patientSideFiles(manifest: Record<string, ManifestChunk>): Set<string> {
  const files = new Set<string>(['index.html']);
  const seen = new Set<string>();
  const add = (chunk: ManifestChunk) => {
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
  };
  const walk = (key: string, onDemand: boolean) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || isLeftOut(key)) return;
    seen.add(key);
    add(chunk);
    for (const imported of chunk.imports ?? []) walk(imported, onDemand);
    if (onDemand) for (const imported of chunk.dynamicImports ?? []) walk(imported, onDemand);
  };
  walk('index.html', false);
  walk('src/app/patient-main.tsx', true);
  return files;
}

/** Keeps in the worker's precache only the patient side's files, read from the build's manifest in `outDir`. */
export const patientPrecache =
  (outDir: () => string): ManifestTransform =>
  async (entries) => {
    const manifest = JSON.parse(readFileSync(path.join(outDir(), '.vite', 'manifest.json'), 'utf8'));
    const files = patientSideFiles(manifest);
    return { manifest: entries.filter((entry) => files.has(entry.url)), warnings: [] };
  };

/**
 * `npm run bench`: every benchmark, one after the other (each in processes of its own), then the goals table and
 * each benchmark's section written into bench/README.md between the "results" markers. A benchmark that fails
 * is reported as such in the table; the others still run.
 *
 *   npm run bench                 all of them
 *   npm run bench -- routes lcp   only these
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { benchDir, repoRoot } from './lib/processes.ts';
import type { BenchResult } from './lib/report.ts';

/** In the order they run, and appear in the README. */
const all = ['routes', 'patient-search', 'history', 'chat', 'upload', 'web', 'lcp', 'startup', 'reminders', 'capacity'];
const chosen = process.argv.slice(2).length > 0 ? process.argv.slice(2) : all;

const results: (BenchResult | { name: string; failed: true })[] = [];
for (const name of chosen) {
  const script = join(benchDir, name, 'run.ts');
  if (!existsSync(script)) throw new Error(`no benchmark named ${name} (bench/${name}/run.ts)`);
  const resultPath = join(benchDir, 'results', `${name}.json`);
  rmSync(resultPath, { force: true });
  console.log(`\n━━━━ ${name} ━━━━`);
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: repoRoot, stdio: 'inherit' });
  console.log(
    `━━━━ ${name}: ${run.status === 0 ? 'done' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  results.push(
    run.status === 0 && existsSync(resultPath) ? JSON.parse(readFileSync(resultPath, 'utf8')) : { name, failed: true },
  );
}

const readmePath = join(benchDir, 'README.md');
const start = '<!-- results:start -->';
const end = '<!-- results:end -->';
const readme = readFileSync(readmePath, 'utf8');
if (!readme.includes(start) || !readme.includes(end)) throw new Error('bench/README.md has lost its results markers');

const date = new Date().toISOString().slice(0, 10);

/**
 * The section as it stands, by benchmark: its goal rows and its part, so that running some benchmarks keeps the
 * figures of the others, each part naming the day of its own run.
 */
function earlierResults(block: string) {
  const day = /on (\d{4}-\d{2}-\d{2})/.exec(block)?.[1] ?? 'an earlier day';
  const rows = new Map<string, string[]>();
  for (const line of block.split('\n')) {
    const name = /^\| ([a-z-]+) \|/.exec(line)?.[1];
    if (name && all.includes(name)) rows.set(name, [...(rows.get(name) ?? []), line]);
  }
  const parts = new Map<string, string>();
  for (const part of block.split('\n### ').slice(1)) {
    const [heading = '', ...body] = part.replace(/\n?<!-- results:end -->[\s\S]*$/, '').split('\n');
    const text = body.join('\n').trim();
    parts.set(heading.trim(), text.startsWith('Run on ') ? text : `Run on ${day}.\n\n${text}`);
  }
  return { rows, parts };
}

const earlier = earlierResults(readme.slice(readme.indexOf(start), readme.indexOf(end)));
const fresh = new Map(results.map((r) => [r.name, r]));
const lines = [
  start,
  `Written by \`npm run bench${chosen === all ? '' : ` -- ${chosen.join(' ')}`}\` on ${date}: ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; each benchmark's part below names the day of its run.`,
  'The machine is shared: compare the ratios and the sides of one run, not absolute times across runs.',
  '',
  '| benchmark | what | goal | measured | |',
  '|---|---|---|---|---|',
];
for (const name of all) {
  const r = fresh.get(name);
  if (!r) lines.push(...(earlier.rows.get(name) ?? []));
  else if ('failed' in r) lines.push(`| ${r.name} | the benchmark failed in this run | | | ✘ |`);
  else
    for (const g of r.goals) lines.push(`| ${r.name} | ${g.what} | ${g.goal} | ${g.measured} | ${g.met ? '✔' : '✘'} |`);
}
for (const name of all) {
  const r = fresh.get(name);
  if (r && !('failed' in r)) {
    lines.push('', `### ${r.name}`, '', `Run on ${date}.`, '', '```sh', r.command, '```', '', r.markdown.trim());
  } else if (!r && earlier.parts.has(name)) {
    lines.push('', `### ${name}`, '', earlier.parts.get(name)!);
  }
}
lines.push(end);
const before = readme.slice(0, readme.indexOf(start));
const after = readme.slice(readme.indexOf(end) + end.length);
writeFileSync(readmePath, `${before}${lines.join('\n')}${after}`);
console.log(`\nbench/README.md written (${results.length} benchmarks run, the others kept).`);

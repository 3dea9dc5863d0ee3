/**
 * What each benchmark hands to `npm run bench` (bench/run.ts): its goals, measured in this run, and a markdown
 * section with its round-by-round figures. Kept in bench/results/<name>.json until bench/README.md is written.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchDir } from './processes.ts';

export type Goal = { what: string; goal: string; measured: string; met: boolean };
export type BenchResult = { name: string; command: string; goals: Goal[]; markdown: string };

export function saveResult(result: BenchResult) {
  const dir = join(benchDir, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${result.name}.json`), `${JSON.stringify(result, null, 2)}\n`);
  console.log('\ngoals');
  for (const g of result.goals)
    console.log(`  ${g.met ? 'met   ' : 'MISSED'} ${g.what}: ${g.measured} (goal ${g.goal})`);
}

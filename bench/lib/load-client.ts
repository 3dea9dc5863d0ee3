/**
 * The load client, run in a process of its own (see load.ts: runLoad). It reads its options as JSON from
 * BENCH_LOAD_OPTIONS, runs the load, and prints the result as one JSON line.
 */
import { loadTest } from './load.ts';

const options = JSON.parse(process.env.BENCH_LOAD_OPTIONS ?? '{}');
const result = await loadTest(options);
process.stdout.write(`${JSON.stringify(result)}\n`);

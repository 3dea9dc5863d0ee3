import { createRequire } from 'node:module';

type Reporting = Record<'complete' | 'fail', (...args: unknown[]) => Promise<unknown>>;

/**
 * pg-boss 10's worker records a job's end or failure without waiting for it (`this.complete(…)` and `this.fail(…)`
 * in its `onFetch` are not awaited), so a database lost at that moment would reject with no handler and end the
 * server. Each such record is marked handled here, once for the process: a caller that waits still gets the error,
 * and a record nobody waited for is simply not made, so the job stays running until it expires and then runs again
 * (the queue's own retry). pg-boss 11 awaits them, but needs Node 22.
 */
export function keepJobReportsFromEndingTheServer(): void {
  const manager = createRequire(import.meta.url)('pg-boss/src/manager.js') as { prototype: Reporting };
  const prototype = manager.prototype as Reporting & { [guarded]?: true };
  if (prototype[guarded]) return;
  prototype[guarded] = true;
  for (const name of ['complete', 'fail'] as const) {
    const record = prototype[name];
    prototype[name] = function (this: unknown, ...args: unknown[]) {
      const recorded = record.apply(this, args);
      recorded.catch(() => {});
      return recorded;
    };
  }
}

const guarded = Symbol('rehabit.guarded');

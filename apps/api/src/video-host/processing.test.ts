import { describe, expect, it } from 'vitest';
import { createJobQueue } from './processing.ts';

describe('the processing queue', () => {
  it('runs one job at a time, fresh uploads before the start-up backlog, and goes on after a failure', async () => {
    const order: string[] = [];
    const errors: unknown[] = [];
    let active = 0;
    let most = 0;
    const queue = createJobQueue((err) => errors.push(err));
    const job =
      (name: string, fail = false) =>
      async () => {
        active += 1;
        most = Math.max(most, active);
        await new Promise((r) => setTimeout(r, 5));
        order.push(name);
        active -= 1;
        if (fail) throw new Error(name);
      };
    queue.push(job('backlog 1'), { backlog: true });
    queue.push(job('backlog 2', true), { backlog: true });
    queue.push(job('backlog 3'), { backlog: true });
    queue.push(job('fresh 1'));
    queue.push(job('fresh 2'));
    await queue.drain();
    // The first backlog job had started before the fresh ones arrived.
    expect(order).toEqual(['backlog 1', 'fresh 1', 'fresh 2', 'backlog 2', 'backlog 3']);
    expect(most).toBe(1);
    expect(errors).toEqual([new Error('backlog 2')]);
    await queue.drain();
    queue.push(job('later'));
    await queue.drain();
    expect(order.at(-1)).toBe('later');
  });
});

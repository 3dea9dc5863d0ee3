import { describe, expect, it } from 'vitest';
import { groupCalls } from './group-calls.ts';

/** A group runner whose groups finish only when the test says so. */
function heldRunner(fail?: (input: number) => boolean) {
  const groups: number[][] = [];
  const release: (() => void)[] = [];
  const run = async (inputs: number[]) => {
    groups.push(inputs);
    await new Promise<void>((r) => release.push(r));
    if (fail && inputs.some(fail)) throw new Error(`bad input in ${inputs.join(',')}`);
    return inputs.map((n) => n * 10);
  };
  const releaseNext = async () => {
    release.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { groups, run, releaseNext };
}

describe('groupCalls', () => {
  it('runs a call alone at once, and groups the calls that arrive while a group is at work', async () => {
    const runner = heldRunner();
    const call = groupCalls(runner.run);
    const first = call(1);
    expect(runner.groups).toEqual([[1]]);
    const rest = [call(2), call(3), call(4)];
    expect(runner.groups).toHaveLength(1);
    await runner.releaseNext();
    expect(runner.groups).toEqual([[1], [2, 3, 4]]);
    await runner.releaseNext();
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40]);
  });

  it('keeps groups within their largest size', async () => {
    const runner = heldRunner();
    const call = groupCalls(runner.run, { maxGroup: 2 });
    const all = [1, 2, 3, 4, 5].map(call);
    for (let i = 0; i < 3; i++) await runner.releaseNext();
    expect(runner.groups).toEqual([[1], [2, 3], [4, 5]]);
    expect(await Promise.all(all)).toEqual([10, 20, 30, 40, 50]);
  });

  it('tries a failed group call by call: only the bad call fails', async () => {
    const runner = heldRunner((n) => n === 3);
    const call = groupCalls(runner.run);
    const first = call(1);
    const rest = [call(2), call(3), call(4)].map((p) => p.then(String, (err: Error) => err.message));
    for (let i = 0; i < 5; i++) await runner.releaseNext();
    expect(runner.groups).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual(['20', 'bad input in 3', '40']);
  });

  it('goes on after a failure: the next calls still run', async () => {
    const runner = heldRunner((n) => n === 1);
    const call = groupCalls(runner.run);
    const failed = call(1).catch((err: Error) => err.message);
    await runner.releaseNext();
    expect(await failed).toBe('bad input in 1');
    const next = call(2);
    await runner.releaseNext();
    expect(await next).toBe(20);
  });

  it('fails a whole group with a lost database at once, trying no call again alone', async () => {
    const groups: number[][] = [];
    let releaseFirst: () => void = () => {};
    const call = groupCalls(async (inputs: number[]) => {
      groups.push(inputs);
      // The first group is held, so that the next calls form a group of their own.
      if (groups.length === 1) await new Promise<void>((r) => (releaseFirst = r));
      throw new Error('Connection terminated unexpectedly');
    });
    const all = [call(1), call(2), call(3)].map((p) => p.catch((err: Error) => err.message));
    releaseFirst();
    expect(await Promise.all(all)).toEqual(Array(3).fill('Connection terminated unexpectedly'));
    expect(groups).toEqual([[1], [2, 3]]);
  });
});

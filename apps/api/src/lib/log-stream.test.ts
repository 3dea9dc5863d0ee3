import { describe, expect, it } from 'vitest';
import { batchedStdout } from './log-stream.ts';

describe('batched standard output', () => {
  it('writes the lines of one turn of the event loop together, in order, and nothing is left behind', async () => {
    const writes: string[] = [];
    const out = batchedStdout({ write: (text) => writes.push(text) });
    out.write('one\n');
    out.write('two\n');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['one\ntwo\n']);
    out.write('three\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['one\ntwo\n', 'three\n']);
  });
});

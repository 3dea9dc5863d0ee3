import { describe, expect, it } from 'vitest';
import { batchedStdout, FLUSH_MS } from './log-stream.ts';

const waitForFlush = () => new Promise((resolve) => setTimeout(resolve, FLUSH_MS + 20));

describe('batched standard output', () => {
  it('writes the lines that arrive within a moment together, in order, and nothing is left behind', async () => {
    const writes: string[] = [];
    const out = batchedStdout({ write: (text) => writes.push(text) });
    out.write('one\n');
    await new Promise((resolve) => setImmediate(resolve));
    out.write('two\n');
    expect(writes).toEqual([]);
    await waitForFlush();
    expect(writes).toEqual(['one\ntwo\n']);
    out.write('three\n');
    await waitForFlush();
    expect(writes).toEqual(['one\ntwo\n', 'three\n']);
  });

  it('writes at once when much is waiting', () => {
    const writes: string[] = [];
    const out = batchedStdout({ write: (text) => writes.push(text) });
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < 64; i++) out.write(line);
    expect(writes).toEqual([line.repeat(64)]);
  });
});

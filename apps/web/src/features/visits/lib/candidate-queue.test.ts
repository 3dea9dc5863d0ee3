import { describe, expect, it } from 'vitest';
import { createCandidateQueue } from './candidate-queue.ts';

const candidate = (n: number) => ({ candidate: `candidate:${n} 1 udp 1 10.0.0.${n} 5000 typ host`, sdpMid: '0' });

describe('the candidate queue', () => {
  it('keeps candidates until the remote description is set, then applies them in order, and later ones at once', async () => {
    const applied: unknown[] = [];
    const queue = createCandidateQueue(async (c) => {
      applied.push(c);
    });
    await queue.add(candidate(1));
    await queue.add(null);
    expect(applied).toEqual([]);
    expect(queue.size).toBe(2);
    await queue.open();
    expect(applied).toEqual([candidate(1), null]);
    await queue.add(candidate(2));
    expect(applied).toEqual([candidate(1), null, candidate(2)]);
    expect(queue.size).toBe(0);
  });
});

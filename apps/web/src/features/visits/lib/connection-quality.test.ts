import { describe, expect, it } from 'vitest';
import { isWeak, sampleOf } from './connection-quality.ts';

const report = (stats: Record<string, unknown>[]) => new Map(stats.map((s) => [s.id, s])) as unknown as RTCStatsReport;
const video = { sendsVideo: true, expectsVideo: true };

describe('the connection’s quality', () => {
  it('reads the selected pair’s outgoing estimate and the decoded frames', () => {
    const sample = sampleOf(
      report([
        { id: 'T1', type: 'transport', selectedCandidatePairId: 'P2' },
        { id: 'P1', type: 'candidate-pair', availableOutgoingBitrate: 90_000 },
        { id: 'P2', type: 'candidate-pair', availableOutgoingBitrate: 1_200_000 },
        { id: 'V', type: 'inbound-rtp', kind: 'video', framesDecoded: 310 },
        { id: 'A', type: 'inbound-rtp', kind: 'audio' },
      ]),
    );
    expect(sample).toEqual({ outgoingBitrate: 1_200_000, framesDecoded: 310 });
  });

  it('is weak under 300 kbps to send video, or when the other side’s video stalls; fine otherwise', () => {
    const good = { outgoingBitrate: 1_500_000, framesDecoded: 100 };
    expect(isWeak(null, good, video)).toBe(false);
    expect(isWeak(good, { outgoingBitrate: 1_400_000, framesDecoded: 160 }, video)).toBe(false);
    expect(isWeak(good, { outgoingBitrate: 250_000, framesDecoded: 160 }, video)).toBe(true);
    expect(isWeak(good, { outgoingBitrate: 1_400_000, framesDecoded: 100 }, video)).toBe(true);
    // Audio only: neither rule applies.
    expect(
      isWeak(good, { outgoingBitrate: 80_000, framesDecoded: 100 }, { sendsVideo: false, expectsVideo: false }),
    ).toBe(false);
  });
});

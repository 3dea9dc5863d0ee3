/** What a look at the peer connection's statistics tells about its quality. */
export type QualitySample = {
  /** The estimate of what can be sent, in bits per second, on the pair in use; null when not known yet. */
  outgoingBitrate: number | null;
  /** Video frames decoded from the other side so far; null with no incoming video. */
  framesDecoded: number | null;
};

/** Below this a video picture breaks up; an audio-only call needs far less and is not judged by it. */
export const WEAK_BITRATE = 300_000;

/** Reads the numbers that matter from a `getStats()` report. */
export function sampleOf(report: RTCStatsReport): QualitySample {
  let outgoingBitrate: number | null = null;
  let framesDecoded: number | null = null;
  let selectedPair: string | undefined;
  report.forEach((stat: Record<string, unknown>) => {
    if (stat.type === 'transport' && typeof stat.selectedCandidatePairId === 'string') {
      selectedPair = stat.selectedCandidatePairId;
    }
  });
  report.forEach((stat: Record<string, unknown>) => {
    const isInUse = selectedPair ? stat.id === selectedPair : stat.nominated === true && stat.state === 'succeeded';
    if (stat.type === 'candidate-pair' && isInUse && typeof stat.availableOutgoingBitrate === 'number') {
      outgoingBitrate = stat.availableOutgoingBitrate;
    }
    if (stat.type === 'inbound-rtp' && stat.kind === 'video' && typeof stat.framesDecoded === 'number') {
      framesDecoded = (framesDecoded ?? 0) + stat.framesDecoded;
    }
  });
  return { outgoingBitrate, framesDecoded };
}

/**
 * Whether the connection is weak now, from the previous look and this one: too little room to send video, or the
 * other side's video stalled (no frame decoded since the previous look). Judged only on what this call carries.
 */
export function isWeak(
  previous: QualitySample | null,
  next: QualitySample,
  call: { sendsVideo: boolean; expectsVideo: boolean },
): boolean {
  const lowBitrate = call.sendsVideo && next.outgoingBitrate !== null && next.outgoingBitrate < WEAK_BITRATE;
  const stalled =
    call.expectsVideo &&
    previous?.framesDecoded != null &&
    next.framesDecoded !== null &&
    next.framesDecoded <= previous.framesDecoded;
  return lowBitrate || stalled;
}

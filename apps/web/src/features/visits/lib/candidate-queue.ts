/**
 * ICE candidates can arrive before the description they belong to (the other side gathers while its offer or
 * answer is still on its way); a peer connection refuses them then, so they wait here until it can take them.
 */
export function createCandidateQueue(apply: (candidate: RTCIceCandidateInit | null) => Promise<void>) {
  let waiting: (RTCIceCandidateInit | null)[] = [];
  let isOpen = false;
  return {
    /** Applies the candidate now when the remote description is set, else keeps it for `open`. */
    async add(candidate: RTCIceCandidateInit | null) {
      if (isOpen) await apply(candidate);
      else waiting.push(candidate);
    },
    /** The remote description is set: the candidates kept so far are applied in the order they came. */
    async open() {
      isOpen = true;
      const kept = waiting;
      waiting = [];
      for (const candidate of kept) await apply(candidate);
    },
    get size() {
      return waiting.length;
    },
  };
}

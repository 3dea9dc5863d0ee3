/**
 * A visit's clock (decision 1375): each side's connected spans, stamped by the server, and the time both sides were
 * connected together, which is the visit's measure. Pure: the server hands it its own instants.
 */
import type { VisitSide, VisitSpan } from '@rehabit/contract';

/** Whether the side is connected now (it has a span still open). */
export const isConnected = (spans: readonly VisitSpan[], side: VisitSide) =>
  spans.some((span) => span.side === side && span.to === null);

/** The spans once the side connected at `now`; unchanged when it already was. */
export function connect(spans: readonly VisitSpan[], side: VisitSide, now: Date): VisitSpan[] {
  if (isConnected(spans, side)) return [...spans];
  return [...spans, { side, from: now.toISOString(), to: null }];
}

/** The spans once the side disconnected at `now` (or once every side did: the visit's end). */
export function disconnect(spans: readonly VisitSpan[], now: Date, side?: VisitSide): VisitSpan[] {
  return spans.map((span) =>
    span.to === null && (side === undefined || span.side === side) ? { ...span, to: now.toISOString() } : span,
  );
}

/** Whether no side is connected. */
export const isQuiet = (spans: readonly VisitSpan[]) => !spans.some((span) => span.to === null);

export type Overlap = { seconds: number; from: Date | null; until: Date | null };

/**
 * The time both sides were connected together up to `now` (open spans count up to it): whole seconds of the overlap
 * of the staff's spans with the patient's, when it first began and when it last ended. A gap on either side is not
 * counted.
 */
export function overlapOf(spans: readonly VisitSpan[], now: Date): Overlap {
  const on = (side: VisitSide) =>
    spans
      .filter((span) => span.side === side)
      .map((span) => [Date.parse(span.from), span.to === null ? now.getTime() : Date.parse(span.to)] as const);
  let ms = 0;
  let from: number | null = null;
  let until: number | null = null;
  for (const [staffFrom, staffTo] of on('staff')) {
    for (const [patientFrom, patientTo] of on('patient')) {
      const start = Math.max(staffFrom, patientFrom);
      const end = Math.min(staffTo, patientTo);
      if (end <= start) continue;
      ms += end - start;
      from = from === null ? start : Math.min(from, start);
      until = until === null ? end : Math.max(until, end);
    }
  }
  return {
    seconds: Math.floor(ms / 1000),
    from: from === null ? null : new Date(from),
    until: until === null ? null : new Date(until),
  };
}

/**
 * A patient's monitored time as billing counts it (decision 1290): the union of the staff's sessions, so that
 * several staff on one patient at once count the wall-clock time once.
 */

/**
 * What a session stands for in time: its counted seconds from its start, `[startedAt, startedAt + seconds]`. A
 * client claims its count from the session's opening to the clinician's last sign of life (decision 0704), and the
 * server never lets it pass its own clock (decision 0700), so the interval lies inside the session's span.
 */
export type CountedInterval = { startedAt: string | Date; seconds: number };

const startOf = (session: CountedInterval) =>
  typeof session.startedAt === 'string' ? Date.parse(session.startedAt) : session.startedAt.getTime();

/**
 * The whole seconds covered by at least one session: overlapping sessions (of different staff; one user's never
 * overlap) count once. Worked out in milliseconds and floored once, so a lone session counts exactly its seconds and
 * the result never exceeds the wall-clock time the sessions span.
 */
export function monitoredSecondsOf(sessions: readonly CountedInterval[]): number {
  const intervals = sessions
    .filter((session) => session.seconds > 0)
    .map((session) => {
      const from = startOf(session);
      return { from, to: from + session.seconds * 1000 };
    })
    .sort((a, b) => a.from - b.from);
  let covered = 0;
  let reach = Number.NEGATIVE_INFINITY;
  for (const { from, to } of intervals) {
    // Only the part past what earlier sessions already covered is new.
    if (to > reach) {
      covered += to - Math.max(from, reach);
      reach = to;
    }
  }
  return Math.floor(covered / 1000);
}

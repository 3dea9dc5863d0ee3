import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { crossClinic } from '../../db/scope.ts';
import { dataFor } from '../data-access.ts';
import type { VisitsService } from './visits.service.ts';

/** How often each server sweeps the open visits: a visit overdue ends within this of its 60 seconds. */
export const VISIT_SWEEP_MS = 10_000;

/**
 * Every server sweeps the open visits on a timer (decision 1375): the visits outlive any one server, so a restart or
 * a server gone does not leave a visit open, and the lock each end takes lets servers sweeping together end it once.
 * Answers the stop.
 */
export function startVisitSweep(visits: VisitsService, db: Db, log: FastifyBaseLogger): () => void {
  const data = dataFor(db, crossClinic('scheduled job'));
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    visits
      .sweep(data)
      .catch((err) => log.warn({ err }, 'the video visits sweep failed'))
      .finally(() => {
        running = false;
      });
  }, VISIT_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}

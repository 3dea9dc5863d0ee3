import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';

export const healthStatusSchema = z.object({ status: z.literal('ok') });

export const healthEndpoints = defineEndpoints('health', {
  /** The process answers (liveness). */
  health: { method: 'GET', path: '/health', access: 'public', status: 200, response: healthStatusSchema },
  /** The process and its database answer (readiness); a 503 with Retry-After otherwise. */
  ready: { method: 'GET', path: '/ready', access: 'public', status: 200, response: healthStatusSchema },
});

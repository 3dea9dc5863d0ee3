import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createRedisPubSub } from '../../lib/redis.ts';
import { type Revocation, sessionCache } from './session-cache.ts';

const revocationSchema = z.union([
  z.object({ session: z.number().int().positive() }),
  z.object({ user: z.number().int().positive() }),
]);

/**
 * Servers sharing Redis tell each other of every session they end (decision 1455), so a sign-out, a new password or
 * lost access on one server ends the session on all of them at once, not when their cached check runs out. Only ids
 * travel: a session's or a user's number.
 */
export function shareSessionRevocations(app: FastifyInstance, redisUrl: string, keyPrefix: string) {
  const channel = `${keyPrefix}-session-revocations`;
  const redis = createRedisPubSub(redisUrl, app.log);
  const stopAnnouncing = sessionCache.onRevocation((revocation: Revocation) => {
    redis.pub.publish(channel, JSON.stringify(revocation)).catch((err) => {
      app.log.warn({ err }, 'a session revocation was not told to the other servers');
    });
  });
  redis.sub.subscribe(channel).catch((err) => app.log.warn({ err }, 'session revocations of other servers unheard'));
  redis.sub.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let parsed: ReturnType<typeof revocationSchema.safeParse>;
    try {
      parsed = revocationSchema.safeParse(JSON.parse(text));
    } catch {
      return;
    }
    if (parsed.success) sessionCache.forgetElsewhere(parsed.data);
  });
  app.addHook('onClose', async () => {
    stopAnnouncing();
    await redis.close();
  });
}

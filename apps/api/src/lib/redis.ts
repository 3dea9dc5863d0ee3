import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * A Redis client that fails fast instead of queueing commands while the server is away. Start-up waits briefly
 * for the connection so the first requests already count; a missing Redis is logged, not fatal.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  let lastError = '';
  redis.on('error', (err) => {
    // ioredis reconnects by itself; log each distinct failure once rather than on every retry.
    if (err.message !== lastError) log.warn({ err }, 'redis unavailable');
    lastError = err.message;
  });
  redis.on('ready', () => {
    lastError = '';
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 2000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}

/** Publisher and subscriber for fan-out between servers; they queue while reconnecting, so no event is dropped. */
export function createRedisPubSub(url: string, log: FastifyBaseLogger) {
  const pub = new Redis(url, { connectTimeout: 1000 });
  const sub = new Redis(url, { connectTimeout: 1000 });
  for (const client of [pub, sub]) client.on('error', (err) => log.warn({ err }, 'redis pub/sub unavailable'));
  return { pub, sub, close: () => Promise.all([pub.quit().catch(() => {}), sub.quit().catch(() => {})]) };
}

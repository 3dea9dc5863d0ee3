import { randomUUID } from 'node:crypto';
import type { Lock, Locker, RequestRelease } from '@tus/utils';
import { ERRORS } from '@tus/utils';
import type { FastifyBaseLogger } from 'fastify';
import { createRedisPubSub } from '../lib/redis.ts';

/** How long a lock lasts unrenewed: a node that died while holding one holds it no longer than this. */
export const UPLOAD_LOCK_LEASE_MS = 5_000;
/** How long a request waits for an upload's lock before tus answers it with a lock timeout. */
const ACQUIRE_TIMEOUT_MS = 30_000;
const RETRY_MS = 50;

/** Sets the key only when it is not there: the lock is taken. */
const TAKE = 'NX';
/** Renews or removes the key only while it still holds this holder's token (a lapsed lock may be someone else's). */
const renewScript = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`;
const releaseScript = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

/**
 * tus upload locks shared by every node through Redis (decision 1455): one request at a time writes an upload, on
 * whichever node. A request that wants a held lock asks its holder, on any node, to let go (tus ends the holder's
 * request, as it does on one node), and takes it once released. The holder renews its lock while it holds it, so a
 * node that dies mid-request leaves the upload to the next request within `UPLOAD_LOCK_LEASE_MS`.
 */
export function createRedisLocker(redisUrl: string, keyPrefix: string, log: FastifyBaseLogger) {
  const redis = createRedisPubSub(redisUrl, log);
  const releaseChannel = `${keyPrefix}-upload-lock-release`;
  const keyOf = (id: string) => `${keyPrefix}-upload-lock:${id}`;
  /** This node's held locks, by upload id: the holder's token, and how to ask it to let go. */
  const held = new Map<string, { token: string; release: RequestRelease }>();

  redis.sub.subscribe(releaseChannel).catch((err) => log.warn({ err }, 'upload lock releases unheard'));
  redis.sub.on('message', (channel: string, id: string) => {
    if (channel !== releaseChannel) return;
    const holder = held.get(id);
    if (holder) {
      void Promise.resolve(holder.release()).catch((err) => log.warn({ err }, 'an upload lock was not let go'));
    }
  });

  class RedisLock implements Lock {
    private readonly token = randomUUID();
    private renewal: NodeJS.Timeout | undefined;

    constructor(private readonly id: string) {}

    async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
      const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
      let asked = false;
      while (!stopSignal.aborted && Date.now() < deadline) {
        if (await redis.pub.set(keyOf(this.id), this.token, 'PX', UPLOAD_LOCK_LEASE_MS, TAKE)) {
          held.set(this.id, { token: this.token, release: requestRelease });
          this.renewal = setInterval(() => {
            redis.pub
              .eval(renewScript, 1, keyOf(this.id), this.token, UPLOAD_LOCK_LEASE_MS)
              .catch((err) => log.warn({ err }, 'an upload lock was not renewed'));
          }, UPLOAD_LOCK_LEASE_MS / 3);
          return;
        }
        if (!asked) {
          asked = true;
          await redis.pub.publish(releaseChannel, this.id);
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
      throw ERRORS.ERR_LOCK_TIMEOUT;
    }

    async unlock(): Promise<void> {
      clearInterval(this.renewal);
      if (held.get(this.id)?.token === this.token) held.delete(this.id);
      await redis.pub.eval(releaseScript, 1, keyOf(this.id), this.token);
    }
  }

  const locker: Locker = { newLock: (id) => new RedisLock(id) };
  return { locker, close: redis.close };
}

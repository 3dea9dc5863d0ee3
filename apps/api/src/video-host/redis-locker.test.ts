/**
 * Upload locks shared through Redis (decision 1455): two lockers here stand for two nodes. A request wanting an
 * upload held on the other node asks its holder to let go and takes it once released; a lock whose node died
 * lapses. Needs Redis at 127.0.0.1:6379, like the other Redis tests.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisLocker, UPLOAD_LOCK_LEASE_MS } from './redis-locker.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';
const prefix = `rehabit-test-locks-${process.pid}-${Date.now().toString(36)}`;
const log = { warn: () => {} } as unknown as FastifyBaseLogger;
const node1 = createRedisLocker(REDIS_URL, prefix, log);
const node2 = createRedisLocker(REDIS_URL, prefix, log);
const redis = new Redis(REDIS_URL);

afterAll(async () => {
  await Promise.all([node1.close(), node2.close()]);
  redis.disconnect();
});

const never = new AbortController().signal;

describe('upload locks shared by the nodes', () => {
  it('asks the holder on the other node to let go, and takes the lock once it has', async () => {
    const held = node1.locker.newLock('upload-a');
    const released: string[] = [];
    await held.lock(never, async () => {
      released.push('node1 asked');
      await held.unlock();
    });

    const taken = node2.locker.newLock('upload-a');
    await taken.lock(never, () => {});
    expect(released).toEqual(['node1 asked']);
    await taken.unlock();
    expect(await redis.exists(`${prefix}-upload-lock:upload-a`)).toBe(0);
  });

  it('holds the lock against a request whose holder will not let go, until that request gives up', async () => {
    const held = node1.locker.newLock('upload-b');
    await held.lock(never, () => {});
    const giveUp = new AbortController();
    const waiting = node2.locker.newLock('upload-b').lock(giveUp.signal, () => {});
    setTimeout(() => giveUp.abort(), 300);
    await expect(waiting).rejects.toMatchObject({ status_code: 500 });
    await held.unlock();
  });

  it('takes the lock of a node that died once its lease lapses', async () => {
    // What a killed node leaves: its lock, never renewed and never released.
    await redis.set(`${prefix}-upload-lock:upload-c`, 'dead-node', 'PX', UPLOAD_LOCK_LEASE_MS);
    const started = Date.now();
    const taken = node2.locker.newLock('upload-c');
    await taken.lock(never, () => {});
    expect(Date.now() - started).toBeGreaterThan(UPLOAD_LOCK_LEASE_MS / 2);
    await taken.unlock();
  }, 15_000);
});

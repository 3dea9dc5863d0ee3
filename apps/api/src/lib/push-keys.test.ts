import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { DEVELOPMENT_KEYS_FILE, pushKeysOf } from './push-keys.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'push-keys-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the server’s push keys (decision 1365)', () => {
  it('makes a development pair once, readable by its owner only, and keeps it', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = await pushKeysOf(config);
    expect(first?.subject).toBe('mailto:no-reply@rehabit.local');
    expect(statSync(path.join(dataDir, DEVELOPMENT_KEYS_FILE)).mode & 0o777).toBe(0o600);
    expect(await pushKeysOf(config)).toEqual(first);
  });

  it('makes none in tests or production: push is off without keys', async () => {
    expect(await pushKeysOf(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }))).toBeUndefined();
  });
});

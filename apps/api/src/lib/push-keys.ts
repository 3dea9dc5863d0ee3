import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { generatePushKeys, type VapidKeys } from './push.ts';
import { pushKeyProblems } from './push-config.ts';

type KeysConfig = Pick<
  Config,
  'NODE_ENV' | 'DATA_DIR' | 'MAIL_FROM' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'PUSH_ENABLED'
>;

/** The development pair's file, under DATA_DIR: the demo's push works without configuring anything. */
export const DEVELOPMENT_KEYS_FILE = 'vapid-keys.json';

/** Outside production the mail sender's address names the operator, e.g. `mailto:no-reply@rehabit.local`. */
const subjectOf = (config: KeysConfig) =>
  config.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM.trim()}`;

/**
 * The server's VAPID keys (decision 1365): the environment's; on a development server without them, a pair made
 * once and kept in `DATA_DIR/vapid-keys.json` (readable by its owner only); otherwise none, and push is off.
 */
export async function pushKeysOf(config: KeysConfig): Promise<VapidKeys | undefined> {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject: subjectOf(config) };
  }
  if (config.NODE_ENV !== 'development') return undefined;
  const pair = await developmentPair(path.join(config.DATA_DIR, DEVELOPMENT_KEYS_FILE));
  return { ...pair, subject: subjectOf(config) };
}

async function developmentPair(file: string): Promise<{ publicKey: string; privateKey: string }> {
  try {
    const kept = JSON.parse(await readFile(file, 'utf8')) as { publicKey?: string; privateKey?: string };
    const problems = pushKeyProblems({
      VAPID_PUBLIC_KEY: kept.publicKey,
      VAPID_PRIVATE_KEY: kept.privateKey,
      PUSH_ENABLED: false,
    });
    if (kept.publicKey && kept.privateKey && problems.length === 0) {
      return { publicKey: kept.publicKey, privateKey: kept.privateKey };
    }
    throw new Error(`${file} does not hold a VAPID key pair: delete it to make a new one`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const pair = generatePushKeys();
  await mkdir(path.dirname(file), { recursive: true });
  try {
    // `wx`: a second server starting at the same moment keeps the first one's pair.
    await writeFile(file, `${JSON.stringify(pair, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    return pair;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return developmentPair(file);
  }
}

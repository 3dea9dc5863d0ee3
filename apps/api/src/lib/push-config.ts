import { createECDH } from 'node:crypto';

/** The push variables as the environment gives them (decision 1365). */
type PushEnv = {
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  PUSH_ENABLED: boolean;
};

const MAKE_A_PAIR = 'make a pair with `npm run cli -- generate-push-keys`';

const bytesOf = (base64url: string) =>
  /^[A-Za-z0-9_-]+={0,2}$/.test(base64url) ? Buffer.from(base64url, 'base64url') : Buffer.alloc(0);

/** Whether the private key (32 bytes) is the public key's (65 bytes, an uncompressed P-256 point). */
function isKeyPair(publicKey: string, privateKey: string): boolean {
  const publicBytes = bytesOf(publicKey);
  const privateBytes = bytesOf(privateKey);
  if (publicBytes.length !== 65 || publicBytes[0] !== 4 || privateBytes.length !== 32) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(privateBytes);
    return ecdh.getPublicKey().equals(publicBytes);
  } catch {
    return false;
  }
}

/** Keys refused in any environment: one without the other, or two that are not a VAPID pair. */
export function pushKeyProblems(env: PushEnv): string[] {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if (!publicKey && !privateKey) return [];
  if (!publicKey || !privateKey) return [`VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: set both or neither (${MAKE_A_PAIR})`];
  if (!isKeyPair(publicKey, privateKey)) {
    return [`VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: not a VAPID key pair, base64url (${MAKE_A_PAIR})`];
  }
  return [];
}

/**
 * What production refuses: push asked for (`PUSH_ENABLED=true`) without keys, or keys without the subject the push
 * services reach the operator at (outside production the portal's mail sender stands in for it).
 */
export function pushProductionProblems(env: PushEnv): string[] {
  const hasKeys = Boolean(env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY);
  const problems: string[] = [];
  if (env.PUSH_ENABLED && !hasKeys) {
    problems.push(`VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: required with PUSH_ENABLED=true (${MAKE_A_PAIR})`);
  }
  if ((env.PUSH_ENABLED || hasKeys) && !env.VAPID_SUBJECT) {
    problems.push('VAPID_SUBJECT: required in production with push on: a mailto: or https: address of the operator');
  }
  return problems;
}

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** An opaque random token for a client; only its hash is stored. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

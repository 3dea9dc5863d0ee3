import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MIN_LENGTH } from '@rehabit/contract';
import { commonPasswords } from './common-passwords.ts';

// OWASP's argon2id baseline (argon2id is the library's default algorithm): 19 MiB, two passes, one lane.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so unknown accounts answer like known ones. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('rehabit-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}

/** Why a new password is refused, or null when it is acceptable. */
export function passwordWeakness(password: string, personal: string[] = []): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters`;
  const lower = password.toLowerCase();
  if (commonPasswords.has(lower)) return 'This password is too common; choose another';
  if (/^(.)\1+$/.test(password)) return 'Do not repeat a single character';
  for (const word of personal) {
    const w = word.trim().toLowerCase();
    if (w.length >= 4 && lower.includes(w)) return 'Do not use your name or e-mail in the password';
  }
  return null;
}

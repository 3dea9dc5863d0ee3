import type { Actor } from '../../db/scope.ts';

/**
 * Sessions this process checked a moment ago, by token hash, so a busy client's requests do not each ask the
 * database again (decision 1100). An entry is trusted for `SESSION_CACHE_MS` at most, and never past the session's
 * idle or absolute end; every revocation made by this process (sign-out, new password, lost access, role change, a
 * removed patient) forgets the account's entries at once, on every server sharing Redis too (shared-revocations.ts,
 * decision 1455). A change made elsewhere (the command line) is seen within `SESSION_CACHE_MS`, as open sockets see
 * it within their re-check (socket-server.ts).
 */
export const SESSION_CACHE_MS = 2_000;
const MAX_ENTRIES = 10_000;

export type CachedSession = {
  sessionId: number;
  actor: Actor;
  lastSeenAt: Date;
  expiresAt: Date;
  /** When the database last said it was live (by the service's clock). */
  checkedAt: number;
};

const byTokenHash = new Map<string, CachedSession>();
/** Moves on with every revocation: a lookup that began before one must not store what it read. */
let generation = 0;
/**
 * Nothing is stored for a while after a revocation: one made inside a transaction is forgotten before its commit,
 * and a lookup made between the two still reads the session as live.
 */
let storeAfter = 0;

/** What a revocation ended: one session, or every session of a user. */
export type Revocation = { session: number } | { user: number };
/** Told of each revocation made by this process, to tell the other servers. */
const announcers = new Set<(revocation: Revocation) => void>();

/** Forgets what the revocation ended, made here or told by another server. */
function forget(revocation: Revocation) {
  generation++;
  storeAfter = performance.now() + SESSION_CACHE_MS;
  for (const [hash, entry] of byTokenHash) {
    if ('session' in revocation ? entry.sessionId === revocation.session : entry.actor.id === revocation.user) {
      byTokenHash.delete(hash);
    }
  }
}

function revoked(revocation: Revocation) {
  forget(revocation);
  for (const announce of announcers) announce(revocation);
}

export const sessionCache = {
  /** The entry, if it was checked within SESSION_CACHE_MS of `now` (a clock moved back forgets it too). */
  get(tokenHash: string, now: number): CachedSession | undefined {
    const entry = byTokenHash.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.checkedAt > SESSION_CACHE_MS || now < entry.checkedAt) {
      byTokenHash.delete(tokenHash);
      return undefined;
    }
    return entry;
  },

  /** The generation to hand back to `set`, taken before the database is asked. */
  generation: () => generation,

  set(tokenHash: string, entry: CachedSession, readAtGeneration: number) {
    if (readAtGeneration !== generation || performance.now() < storeAfter) return;
    if (byTokenHash.size >= MAX_ENTRIES) byTokenHash.clear();
    byTokenHash.set(tokenHash, entry);
  },

  forgetSession(sessionId: number) {
    revoked({ session: sessionId });
  },

  forgetUser(userId: number) {
    revoked({ user: userId });
  },

  /** Another server's revocation: forgotten here, and not announced again. */
  forgetElsewhere: forget,

  /** Calls `announce` with every revocation this process makes, until the returned function is called. */
  onRevocation(announce: (revocation: Revocation) => void): () => void {
    announcers.add(announce);
    return () => announcers.delete(announce);
  },
};

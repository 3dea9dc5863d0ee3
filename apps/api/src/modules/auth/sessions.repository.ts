import { and, eq, gt, inArray, isNull, ne, type Placeholder, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clinics, sessions, users } from '../../db/schema.ts';
import { sessionCache } from './session-cache.ts';

export type SessionKind = 'staff' | 'supervisor' | 'patient';

export type NewSession = {
  userId: number;
  tokenHash: string;
  kind: SessionKind;
  ip: string | null;
  userAgent: string | null;
  now: Date;
  expiresAt: Date;
};

/** Not revoked, and past neither its expiry nor its idle limit. */
const isLive = (now: Date | Placeholder, idleSince: Date | Placeholder) =>
  and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince));

/** Read for every request: built once and prepared, since building the query cost more than running it. */
const prepareFindLive = (db: DbOrTx) =>
  db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      role: users.role,
      clinicId: users.clinicId,
      clinicCode: clinics.code,
      hasAccess: users.hasAccess,
      approvalStatus: users.approvalStatus,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(clinics, eq(clinics.id, users.clinicId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isLive(sql.placeholder('now'), sql.placeholder('idleSince')),
      ),
    )
    .limit(1)
    .prepare('sessions_find_live');

export function createSessionsRepository(db: DbOrTx) {
  let findLiveQuery: ReturnType<typeof prepareFindLive> | undefined;
  return {
    async create(session: NewSession) {
      await db.insert(sessions).values({
        userId: session.userId,
        tokenHash: session.tokenHash,
        kind: session.kind,
        ip: session.ip,
        userAgent: session.userAgent?.slice(0, 300) ?? null,
        createdAt: session.now,
        lastSeenAt: session.now,
        expiresAt: session.expiresAt,
      });
    },

    /** A live session (not revoked, not past either expiry) with its user and clinic, or undefined. */
    async findLive(tokenHash: string, now: Date, idleSince: Date) {
      findLiveQuery ??= prepareFindLive(db);
      const [row] = await findLiveQuery.execute({ tokenHash, now, idleSince });
      return row;
    },

    /** Of the given sessions, those still live (as `findLive` judges), with when each was last seen and expires. */
    async findLiveByIds(sessionIds: number[], now: Date, idleSince: Date) {
      return db
        .select({ sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            inArray(sessions.id, sessionIds),
            isLive(now, idleSince),
            eq(users.hasAccess, true),
            eq(users.approvalStatus, 'approved'),
          ),
        );
    },

    async touchMany(sessionIds: number[], now: Date) {
      if (sessionIds.length > 0)
        await db.update(sessions).set({ lastSeenAt: now }).where(inArray(sessions.id, sessionIds));
    },

    async touch(sessionId: number, now: Date) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
    },

    async revoke(sessionId: number, now: Date) {
      sessionCache.forgetSession(sessionId);
      await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
    },

    /** Ends every session of a user, optionally keeping the one in use. */
    async revokeAllForUser(userId: number, now: Date, exceptSessionId?: number) {
      sessionCache.forgetUser(userId);
      const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
      if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(...conditions));
    },
  };
}

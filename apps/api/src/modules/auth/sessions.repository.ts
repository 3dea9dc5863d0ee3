import { and, eq, gt, inArray, isNull, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clinics, sessions, users } from '../../db/schema.ts';
import { type ClinicScope, inScope } from '../../db/scope.ts';
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
const prepareFindLive = (db: DbOrTx, scope: ClinicScope) =>
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
        scope.kind === 'all' ? undefined : eq(users.clinicId, sql.placeholder('clinicId')),
      ),
    )
    .limit(1)
    .prepare(scope.kind === 'all' ? 'sessions_find_live' : 'sessions_find_live_in_clinic');

/**
 * Sessions of the accounts the scope reaches: a session has no clinic of its own, it is its user's (decision 1340).
 * One is found by its token before any clinic is known, with `crossClinic('sign-in')`.
 */
export function createSessionsRepository(db: DbOrTx, scope: ClinicScope) {
  let findLiveQuery: ReturnType<typeof prepareFindLive> | undefined;
  /** The accounts the scope reaches, whose sessions it reaches. */
  const usersInScope = (...conditions: SQL[]) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(and(inScope(users.clinicId, scope), ...conditions));
  const ofUserInScope = () => inArray(sessions.userId, usersInScope());
  return {
    /** Opens a session for the account, if the scope reaches it (another clinic's account gets none). */
    async create(session: NewSession) {
      const [user] = await usersInScope(eq(users.id, session.userId));
      if (!user) return;
      await db.insert(sessions).values({
        userId: user.id,
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
      findLiveQuery ??= prepareFindLive(db, scope);
      const clinicId = scope.kind === 'clinic' ? scope.clinicId : undefined;
      const [row] = await findLiveQuery.execute({ tokenHash, now, idleSince, clinicId });
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
            inScope(users.clinicId, scope),
          ),
        );
    },

    async touchMany(sessionIds: number[], now: Date) {
      if (sessionIds.length > 0)
        await db
          .update(sessions)
          .set({ lastSeenAt: now })
          .where(and(inArray(sessions.id, sessionIds), ofUserInScope()));
    },

    async touch(sessionId: number, now: Date) {
      await db
        .update(sessions)
        .set({ lastSeenAt: now })
        .where(and(eq(sessions.id, sessionId), ofUserInScope()));
    },

    async revoke(sessionId: number, now: Date) {
      sessionCache.forgetSession(sessionId);
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, sessionId), ofUserInScope()));
    },

    /** Ends every session of a user the scope reaches, optionally keeping the one in use. */
    async revokeAllForUser(userId: number, now: Date, exceptSessionId?: number) {
      sessionCache.forgetUser(userId);
      const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt), ofUserInScope()];
      if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(...conditions));
    },
  };
}

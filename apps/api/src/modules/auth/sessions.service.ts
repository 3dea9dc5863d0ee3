import type { AuditAction } from '@rehabit/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { type Actor, clinicScope, crossClinic } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { AuditLog } from '../../lib/audit.ts';
import { addMinutes, type Clock } from '../../lib/clock.ts';
import { groupCalls } from '../../lib/group-calls.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import { type Caller, dataFor } from '../data-access.ts';
import { sessionCache } from './session-cache.ts';
import type { SessionKind } from './sessions.repository.ts';
import type { UserRow } from './users.repository.ts';

type Deps = {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  config: Pick<Config, 'SESSION_IDLE_MINUTES' | 'SESSION_ABSOLUTE_HOURS'>;
};

/** A live session's caller, and when the session ends unless it is used again. */
export type ResolvedSession = { sessionId: number; actor: Actor; endsAt: Date };

const signinActions: Record<SessionKind, AuditAction> = {
  staff: 'auth.signin',
  supervisor: 'auth.supervisor_signin',
  patient: 'patient.signin',
};
/**
 * Writing last_seen_at on every request would turn every read into a write, so it is written only once this long has
 * passed since the last write: a tenth of the idle limit, at most a minute (decision 1270). A session always ends
 * at the written time plus the idle limit, so it never outlives the limit; it can end this much early at most.
 */
const touchAfterMs = (idleMinutes: number) => Math.min((idleMinutes * 60_000) / 10, 60_000);

/**
 * Sessions (decisions 0002, 1100, 1270): opened by the sign-ins, resolved from a bearer token on every request and
 * socket handshake, checked again by open sockets, ended at sign-out.
 */
export function createSessionsService({ db, clock, audit, config }: Deps) {
  // A session is found by its token before its caller is known, and open sockets of every clinic's accounts are
  // checked again together: both by what the caller presented at sign-in (decision 1340). Each session found is then
  // written in its own clinic's scope.
  const signInData = dataFor(db, crossClinic('sign-in'));
  const sessionsRepo = signInData.sessions;
  const touchAfter = touchAfterMs(config.SESSION_IDLE_MINUTES);
  const dueForTouch = (lastSeenAt: Date, now: Date) => now.getTime() - lastSeenAt.getTime() > touchAfter;

  /** When a live session ends unless it is used again: idle since its last recorded use, or at its fixed expiry. */
  const endOf = (lastSeenAt: Date, expiresAt: Date) =>
    new Date(Math.min(addMinutes(lastSeenAt, config.SESSION_IDLE_MINUTES).getTime(), expiresAt.getTime()));

  /**
   * Open sockets' sessions, checked again: many in one query under load. Each answers when the session ends, or null
   * when it has ended. A check for an action (a send) counts as activity, as a request does; a check made because
   * the session's known end has come does not, so a socket that only listens never keeps its session alive.
   */
  const sessionEnds = (asActivity: boolean) =>
    groupCalls(async (sessionIds: number[]) => {
      const now = clock.now();
      const idleSince = addMinutes(now, -config.SESSION_IDLE_MINUTES);
      const live = await sessionsRepo.findLiveByIds([...new Set(sessionIds)], now, idleSince);
      const stale = asActivity ? live.filter((row) => dueForTouch(row.lastSeenAt, now)) : [];
      await sessionsRepo.touchMany(
        stale.map((row) => row.sessionId),
        now,
      );
      const touched = new Set(stale.map((row) => row.sessionId));
      const ends = new Map(
        live.map((row) => [row.sessionId, endOf(touched.has(row.sessionId) ? now : row.lastSeenAt, row.expiresAt)]),
      );
      return sessionIds.map((id) => ends.get(id) ?? null);
    });
  const endsAfterUse = sessionEnds(true);
  const endsUnused = sessionEnds(false);

  /** A session not held in memory, read (and marked as seen when due) from the database, then held. */
  async function lookUp(tokenHash: string, now: Date): Promise<ResolvedSession | null> {
    const generation = sessionCache.generation();
    const row = await sessionsRepo.findLive(tokenHash, now, addMinutes(now, -config.SESSION_IDLE_MINUTES));
    if (!row?.hasAccess || row.approvalStatus !== 'approved') return null;
    const touch = dueForTouch(row.lastSeenAt, now);
    if (touch) await signInData.within(clinicScope(row.clinicId)).sessions.touch(row.sessionId, now);
    const actor: Actor = { id: row.userId, clinicId: row.clinicId, clinicCode: row.clinicCode, role: row.role };
    const lastSeenAt = touch ? now : row.lastSeenAt;
    const { sessionId, expiresAt } = row;
    sessionCache.set(tokenHash, { sessionId, actor, lastSeenAt, expiresAt, checkedAt: now.getTime() }, generation);
    return { sessionId, actor, endsAt: endOf(lastSeenAt, expiresAt) };
  }

  return {
    /** A new session for an account that proved who it is, audited as the sign-in of its kind. */
    async open(
      user: Pick<UserRow, 'id' | 'clinicId'>,
      kind: SessionKind,
      ctx: RequestContext,
      about: { patientId?: number; detail?: Record<string, unknown> } = {},
    ) {
      const token = randomToken();
      const now = clock.now();
      await signInData.within(clinicScope(user.clinicId)).sessions.create({
        userId: user.id,
        tokenHash: hashToken(token),
        kind,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        now,
        expiresAt: addMinutes(now, config.SESSION_ABSOLUTE_HOURS * 60),
      });
      await audit.record({
        action: signinActions[kind],
        outcome: 'success',
        actorUserId: user.id,
        clinicId: user.clinicId,
        patientId: about.patientId,
        ip: ctx.ip,
        detail: about.detail,
      });
      return { token };
    },

    /**
     * The caller of a request or socket handshake (which counts as activity), and when the session ends unused. A
     * session checked a moment ago is answered at once, without a promise (decision 1465); otherwise the database is
     * asked.
     */
    resolveSession(token: string): ResolvedSession | null | Promise<ResolvedSession | null> {
      const now = clock.now();
      const tokenHash = hashToken(token);
      // Checked a moment ago, still within its idle and absolute end, and not yet due to be marked as seen.
      const cached = sessionCache.get(tokenHash, now.getTime());
      if (cached && !dueForTouch(cached.lastSeenAt, now)) {
        const endsAt = endOf(cached.lastSeenAt, cached.expiresAt);
        if (endsAt > now) return { sessionId: cached.sessionId, actor: cached.actor, endsAt };
      }
      return lookUp(tokenHash, now);
    },

    /** For a socket's action (a send): when its session ends, counting the action as activity; null if it ended. */
    useSession: (sessionId: number): Promise<Date | null> => endsAfterUse(sessionId),

    /** When a socket's session ends as the database has it now (HTTP requests may have moved it); null if it ended. */
    sessionEndsAt: (sessionId: number): Promise<Date | null> => endsUnused(sessionId),

    /** The clock sessions are judged by: open sockets compare their session's end with it. */
    clock,

    async logout(actor: Caller, sessionId: number, ctx: RequestContext) {
      await actor.data.sessions.revoke(sessionId, clock.now());
      await audit.record({
        action: 'auth.logout',
        outcome: 'success',
        actorUserId: actor.id,
        clinicId: actor.clinicId,
        ip: ctx.ip,
      });
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;

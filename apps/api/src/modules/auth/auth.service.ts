import type {
  AuditAction,
  CurrentUser,
  ResetPasswordConfirmBody,
  SettingsInfo,
  SigninBody,
  SignupBody,
  SupervisorSigninBody,
  TherapistListQuery,
} from '@rehabit/contract';
import { can, isPatientRole, isStaffRole, roleLabels, toPage } from '@rehabit/contract';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { type Actor, clinicScope } from '../../db/scope.ts';
import type { AuditLog } from '../../lib/audit.ts';
import { addMinutes, type Clock } from '../../lib/clock.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { groupCalls } from '../../lib/group-calls.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { labelled } from '../../lib/message-fields.ts';
import { hashPassword, passwordWeakness, verifyAgainstNothing, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import { clientKey, retryAfter } from '../../lib/waits.ts';
import { chosenClinic } from '../clinics/chosen-clinic.ts';
import { createClinicsRepository } from '../clinics/clinics.repository.ts';
import { createSettingsRepository } from '../clinics/settings.repository.ts';
import { createLockoutRepository } from './lockout.repository.ts';
import { createPasswordResetsRepository } from './password-resets.repository.ts';
import { sessionCache } from './session-cache.ts';
import { createSessionsRepository, type SessionKind } from './sessions.repository.ts';
import { DAY_MS, FAMILIAR_DAYS, HOUR_MS, signinRefusal } from './signin-limits.ts';
import { createUsersRepository, toCurrentUser, toStaffMember, type UserRow } from './users.repository.ts';

export type RequestContext = { ip: string | null; userAgent: string | null };

/**
 * The approvals' task rules, from the tasks module (decision 0902): run inside a sign-up or an approval, so the
 * supervisor's task opens and closes with it. Wired in app.ts, so this module never imports tasks.
 */
export type StaffTasks = { staffChanged(tx: DbOrTx, clinicId: number, userId?: number): Promise<void> };

/**
 * The referral program's steps (decision 1010), from the referral module: a sign-up from an invitation and the
 * approval of its account move the invitation on, inside their transactions. Wired in app.ts like the task rules.
 */
export type ReferralSteps = {
  signedUp(tx: DbOrTx, account: { userId: number; clinicId: number; email: string; referral?: string }): Promise<void>;
  approved(tx: DbOrTx, approval: { userId: number; clinicId: number; actorUserId: number }): Promise<void>;
};

type Deps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  audit: AuditLog;
  config: Pick<Config, 'SESSION_IDLE_MINUTES' | 'SESSION_ABSOLUTE_HOURS' | 'PUBLIC_URL' | 'RESTRICTED_CLINIC_CODE'>;
  tasks: StaffTasks;
  referrals: ReferralSteps;
};

const RESET_TOKEN_MINUTES = 60;
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

export function createAuthService({ db, clock, mailer, audit, config, tasks, referrals }: Deps) {
  const usersRepo = createUsersRepository(db);
  const sessionsRepo = createSessionsRepository(db);
  const lockout = createLockoutRepository(db);
  const resets = createPasswordResetsRepository(db);
  const clinicsRepo = createClinicsRepository(db);
  const settings = createSettingsRepository(db);
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

  const isRestricted = (user: { clinicCode: string }) => user.clinicCode === config.RESTRICTED_CLINIC_CODE;

  const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

  /** Refuses a try the limits of decision 1295 hold back, before the password is looked at. */
  async function assertNotLocked(account: string, client: string) {
    const now = clock.now();
    const refusal = signinRefusal(
      {
        failures: await lockout.failuresSince(account, ago(now, DAY_MS)),
        clientFailures: await lockout.clientFailuresSince(client, ago(now, HOUR_MS)),
        client,
        familiar: await lockout.isFamiliar(account, client, ago(now, FAMILIAR_DAYS * DAY_MS)),
      },
      now,
    );
    if (refusal) {
      throw new AppError('account_locked', refusal.message, {
        headers: { 'Retry-After': retryAfter(refusal.waitMs) },
      });
    }
  }

  async function failSignin(account: string, ctx: RequestContext, user?: UserRow): Promise<never> {
    const now = clock.now();
    await lockout.recordFailure({ account, client: clientKey(ctx.ip), ip: ctx.ip, at: now }, ago(now, DAY_MS));
    await audit.record({
      action: 'auth.signin',
      outcome: 'failure',
      actorUserId: user?.id,
      clinicId: user?.clinicId,
      ip: ctx.ip,
      detail: { account },
    });
    throw new AppError('invalid_credentials');
  }

  /** Refuses accounts that may not work yet or any more, after the password proved who it is. */
  async function assertMaySignIn(user: UserRow, ctx: RequestContext) {
    const refusal =
      user.approvalStatus === 'pending'
        ? 'approval_pending'
        : user.approvalStatus === 'rejected'
          ? 'approval_rejected'
          : !user.hasAccess
            ? 'access_revoked'
            : null;
    if (!refusal) return;
    await audit.record({
      action: 'auth.signin',
      outcome: 'denied',
      actorUserId: user.id,
      clinicId: user.clinicId,
      ip: ctx.ip,
      detail: { reason: refusal },
    });
    throw new AppError(refusal);
  }

  async function openSession(
    user: UserRow,
    kind: SessionKind,
    ctx: RequestContext,
    about: { patientId?: number; detail?: Record<string, unknown> } = {},
  ) {
    const token = randomToken();
    const now = clock.now();
    await sessionsRepo.create({
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
  }

  async function signIn(account: string, user: UserRow | undefined, password: string, ctx: RequestContext) {
    const client = clientKey(ctx.ip);
    await assertNotLocked(account, client);
    if (!user) {
      await verifyAgainstNothing(password);
      return failSignin(account, ctx);
    }
    if (!(await verifyPassword(user.passwordHash, password))) return failSignin(account, ctx, user);
    await assertMaySignIn(user, ctx);
    await lockout.succeeded(account, client, clock.now());
    return user;
  }

  function assertStrong(password: string, personal: string[], field = 'password') {
    const weakness = passwordWeakness(password, personal);
    if (weakness) throw new AppError('weak_password', weakness, { errors: { [field]: [weakness] } });
  }

  async function currentUser(actor: Actor): Promise<CurrentUser> {
    const user = await usersRepo.findById(actor.id, clinicScope(actor.clinicId));
    if (!user) throw new AppError('unauthenticated');
    return toCurrentUser(user);
  }

  return {
    /** The clinic's approved staff (an admin: every clinic's), for look-ups and the therapist pickers. */
    async staffList(actor: Actor, query: TherapistListQuery) {
      const { search, role, has_access, page, page_size } = query;
      const { scope } = await chosenClinic(db, actor, query.clinic_code);
      const { rows, count } = await usersRepo.listStaff(scope, {
        roles: role ? [role] : ['therapist', 'manager', 'supervisor'],
        status: 'approved',
        hasAccess: has_access,
        search,
        page,
        pageSize: page_size,
      });
      return toPage(rows.map(toStaffMember), count, { page, page_size });
    },

    /** The caller of a request or socket handshake (which counts as activity), and when the session ends unused. */
    async resolveSession(token: string) {
      const now = clock.now();
      const tokenHash = hashToken(token);
      // Checked a moment ago, still within its idle and absolute end, and not yet due to be marked as seen.
      const cached = sessionCache.get(tokenHash, now.getTime());
      if (cached && !dueForTouch(cached.lastSeenAt, now)) {
        const endsAt = endOf(cached.lastSeenAt, cached.expiresAt);
        if (endsAt > now) return { sessionId: cached.sessionId, actor: cached.actor, endsAt };
      }
      const generation = sessionCache.generation();
      const row = await sessionsRepo.findLive(tokenHash, now, addMinutes(now, -config.SESSION_IDLE_MINUTES));
      if (!row?.hasAccess || row.approvalStatus !== 'approved') return null;
      const touch = dueForTouch(row.lastSeenAt, now);
      if (touch) await sessionsRepo.touch(row.sessionId, now);
      const actor: Actor = { id: row.userId, clinicId: row.clinicId, clinicCode: row.clinicCode, role: row.role };
      const lastSeenAt = touch ? now : row.lastSeenAt;
      const { sessionId, expiresAt } = row;
      sessionCache.set(tokenHash, { sessionId, actor, lastSeenAt, expiresAt, checkedAt: now.getTime() }, generation);
      return { sessionId, actor, endsAt: endOf(lastSeenAt, expiresAt) };
    },

    /** For a socket's action (a send): when its session ends, counting the action as activity; null if it ended. */
    useSession: (sessionId: number): Promise<Date | null> => endsAfterUse(sessionId),

    /** When a socket's session ends as the database has it now (HTTP requests may have moved it); null if it ended. */
    sessionEndsAt: (sessionId: number): Promise<Date | null> => endsUnused(sessionId),

    /** The clock sessions are judged by: open sockets compare their session's end with it. */
    clock,

    async signin(body: SigninBody, ctx: RequestContext) {
      const user = await usersRepo.findByEmail(body.email);
      // Patients have their own sign-in; here they are treated like unknown accounts.
      const staff = user && isStaffRole(user.role) ? user : undefined;
      return openSession(await signIn(`email:${body.email}`, staff, body.password, ctx), 'staff', ctx);
    },

    /**
     * A patient's e-mail sign-in, with the same lockout and unknown-account handling as staff. Staff accounts, and
     * patient accounts without a patient record (`patientIdOf` answers undefined), are treated like unknown ones.
     */
    async patientSignin(
      body: SigninBody,
      ctx: RequestContext,
      patientIdOf: (userId: number) => Promise<number | undefined>,
    ) {
      const user = await usersRepo.findByEmail(body.email);
      const patientId = user && isPatientRole(user.role) ? await patientIdOf(user.id) : undefined;
      const account = `email:${body.email}`;
      const signedIn = await signIn(account, patientId ? user : undefined, body.password, ctx);
      return openSession(signedIn, 'patient', ctx, { patientId, detail: { method: 'password' } });
    },

    /** Opens a patient's session after another proof of identity (a phone code); refuses accounts without access. */
    async openPatientSession(userId: number, clinicId: number, patientId: number, ctx: RequestContext) {
      const user = await usersRepo.findById(userId, clinicScope(clinicId));
      if (!user || !isPatientRole(user.role)) throw new AppError('invalid_credentials');
      await assertMaySignIn(user, ctx);
      return openSession(user, 'patient', ctx, { patientId, detail: { method: 'phone' } });
    },

    async supervisorSignin(body: SupervisorSigninBody, ctx: RequestContext) {
      const clinic = await clinicsRepo.findByCode(body.code);
      const supervisor = clinic?.supervisorUserId
        ? await usersRepo.findById(clinic.supervisorUserId, clinicScope(clinic.id))
        : undefined;
      const account = `supervisor:${body.code}`;
      const user = await signIn(
        account,
        // The account the clinic points at signs in with its code while it still supervises (decision 0003).
        supervisor && can(supervisor.role, 'clinic.supervise') ? supervisor : undefined,
        body.password,
        ctx,
      );
      return openSession(user, 'supervisor', ctx);
    },

    async logout(actor: Actor, sessionId: number, ctx: RequestContext) {
      await sessionsRepo.revoke(sessionId, clock.now());
      await audit.record({
        action: 'auth.logout',
        outcome: 'success',
        actorUserId: actor.id,
        clinicId: actor.clinicId,
        ip: ctx.ip,
      });
    },

    async signup(body: SignupBody, ctx: RequestContext) {
      const clinic = await clinicsRepo.findByCode(body.code);
      if (!clinic) throw fieldError('code', 'No clinic has this code. Check it with your supervisor.');
      assertStrong(body.password, [body.email.split('@')[0] ?? '', body.first_name, body.last_name]);
      if (await usersRepo.findByEmail(body.email)) {
        throw new AppError('conflict', 'An account with this e-mail already exists', {
          errors: { email: ['An account with this e-mail already exists. Sign in or reset the password.'] },
        });
      }
      const passwordHash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        const userId = await createUsersRepository(tx).insert({
          clinicId: clinic.id,
          email: body.email,
          passwordHash,
          firstName: body.first_name,
          lastName: body.last_name,
          role: body.role,
          approvalStatus: 'pending',
        });
        await audit.record(
          { action: 'auth.signup', outcome: 'success', actorUserId: userId, clinicId: clinic.id, ip: ctx.ip },
          tx,
        );
        // The supervisor's task to approve the new staff member.
        await tasks.staffChanged(tx, clinic.id, userId);
        await referrals.signedUp(tx, {
          userId,
          clinicId: clinic.id,
          email: body.email,
          referral: body.referral || undefined,
        });
      });
      const supervisor = clinic.supervisorUserId
        ? await usersRepo.findById(clinic.supervisorUserId, clinicScope(clinic.id))
        : undefined;
      if (supervisor) {
        await mailer.send({
          to: supervisor.email,
          subject: 'A new staff member is waiting for your approval',
          text: [
            'A new staff member signed up to your clinic on Rehabit and waits for your approval.',
            [
              labelled('Name', `${body.first_name} ${body.last_name}`),
              // The address passed the e-mail rule; it is printed as typed so the supervisor can recognise it.
              `E-mail: "${body.email}"`,
              `Role: ${roleLabels[body.role]}`,
              labelled('Clinic', clinic.name, 120),
            ].join('\n'),
            `Review the request: ${config.PUBLIC_URL}/therapist-list`,
          ].join('\n\n'),
          suppress: isRestricted(supervisor),
        });
      }
      return {
        detail: 'Your account was created and is waiting for approval by your clinic supervisor.',
        status: 'pending' as const,
      };
    },

    async requestPasswordReset(email: string, ctx: RequestContext) {
      const user = await usersRepo.findByEmail(email);
      if (user && isStaffRole(user.role) && user.hasAccess) {
        const token = randomToken();
        const now = clock.now();
        await resets.create(user.id, hashToken(token), now, addMinutes(now, RESET_TOKEN_MINUTES));
        const link = new URL('/reset-password', config.PUBLIC_URL);
        link.searchParams.set('uid', String(user.id));
        link.searchParams.set('token', token);
        await mailer.send({
          to: user.email,
          subject: 'Reset your Rehabit password',
          text: `Someone asked to reset the password of the Rehabit account of this address. To choose a new password, open this link within ${RESET_TOKEN_MINUTES} minutes:\n\n${link.toString()}\n\nIf it was not you, ignore this e-mail; your password stays as it is.`,
          suppress: isRestricted(user),
        });
        await audit.record({
          action: 'auth.password_reset_requested',
          outcome: 'success',
          actorUserId: user.id,
          clinicId: user.clinicId,
          ip: ctx.ip,
        });
      }
      return { detail: 'If an account exists for this e-mail, we sent a link to reset the password.' };
    },

    async confirmPasswordReset(body: ResetPasswordConfirmBody, ctx: RequestContext) {
      const userId = /^\d{1,9}$/.test(body.uid) ? Number(body.uid) : null;
      const now = clock.now();
      const reset = userId ? await resets.findUsable(userId, hashToken(body.token), now) : undefined;
      const user = reset ? await usersRepo.findById(reset.userId, { kind: 'all' }) : undefined;
      if (!reset || !user) {
        await audit.record({
          action: 'auth.password_reset',
          outcome: 'failure',
          ip: ctx.ip,
          detail: { uid: body.uid.slice(0, 20) },
        });
        throw new AppError('invalid_token', 'This reset link is invalid or has expired. Ask for a new one.');
      }
      assertStrong(body.password, [user.email.split('@')[0] ?? '', user.firstName, user.lastName]);
      const passwordHash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        await createUsersRepository(tx).update(user.id, { passwordHash, passwordChangedAt: now });
        await createPasswordResetsRepository(tx).markAllUsed(user.id, now);
        await createSessionsRepository(tx).revokeAllForUser(user.id, now);
        await createLockoutRepository(tx).clear(`email:${user.email}`);
        await audit.record(
          {
            action: 'auth.password_reset',
            outcome: 'success',
            actorUserId: user.id,
            clinicId: user.clinicId,
            ip: ctx.ip,
          },
          tx,
        );
      });
      return { user: toCurrentUser(user) };
    },

    currentUser,

    async cancelNotification(actor: Actor, which: 'feature' | 'billing') {
      await usersRepo.update(
        actor.id,
        which === 'feature' ? { isFeatureNotificationOn: false } : { isNewBillingUploaded: false },
      );
      return { user: await currentUser(actor) };
    },

    async settingsInfo(): Promise<SettingsInfo> {
      return {
        support_user_id: (await settings.get<number>('support_user_id')) ?? null,
        initial_note: (await settings.get<string>('initial_note')) ?? null,
      };
    },

    assertStrong,
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

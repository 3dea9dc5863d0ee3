import type { SigninBody, SupervisorSigninBody } from '@rehabit/contract';
import { can, isPatientRole, isStaffRole } from '@rehabit/contract';
import type { Db } from '../../db/client.ts';
import { clinicScope, crossClinic } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { AuditLog } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { verifyAgainstNothing, verifyPassword } from '../../lib/passwords.ts';
import { clientKey, retryAfter } from '../../lib/waits.ts';
import { dataFor } from '../data-access.ts';
import type { SessionsService } from './sessions.service.ts';
import { DAY_MS, FAMILIAR_DAYS, HOUR_MS, signinRefusal } from './signin-limits.ts';
import type { UserRow } from './users.repository.ts';

type Deps = { db: Db; clock: Clock; audit: AuditLog; sessions: Pick<SessionsService, 'open'> };

/**
 * The sign-ins by password (staff by e-mail, the supervisor by clinic code, a patient by e-mail) with the limits of
 * decision 1295, and the patient's session after another proof of identity (a phone code).
 */
export function createSigninService({ db, clock, audit, sessions }: Deps) {
  // An account is found by its e-mail before any clinic is known (decision 1340).
  const signInData = dataFor(db, crossClinic('sign-in'));
  const usersRepo = signInData.users;
  const lockout = signInData.lockout;
  const clinicsRepo = signInData.clinics;

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

  return {
    async signin(body: SigninBody, ctx: RequestContext) {
      const user = await usersRepo.findByEmail(body.email);
      // Patients have their own sign-in; here they are treated like unknown accounts.
      const staff = user && isStaffRole(user.role) ? user : undefined;
      return sessions.open(await signIn(`email:${body.email}`, staff, body.password, ctx), 'staff', ctx);
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
      return sessions.open(signedIn, 'patient', ctx, { patientId, detail: { method: 'password' } });
    },

    /** Opens a patient's session after another proof of identity (a phone code); refuses accounts without access. */
    async openPatientSession(userId: number, clinicId: number, patientId: number, ctx: RequestContext) {
      const user = await signInData.within(clinicScope(clinicId)).users.findById(userId);
      if (!user || !isPatientRole(user.role)) throw new AppError('invalid_credentials');
      await assertMaySignIn(user, ctx);
      return sessions.open(user, 'patient', ctx, { patientId, detail: { method: 'phone' } });
    },

    async supervisorSignin(body: SupervisorSigninBody, ctx: RequestContext) {
      const clinic = await clinicsRepo.findByCode(body.code);
      const supervisor = clinic?.supervisorUserId
        ? await signInData.within(clinicScope(clinic.id)).users.findById(clinic.supervisorUserId)
        : undefined;
      const account = `supervisor:${body.code}`;
      const user = await signIn(
        account,
        // The account the clinic points at signs in with its code while it still supervises (decision 0003).
        supervisor && can(supervisor.role, 'clinic.supervise') ? supervisor : undefined,
        body.password,
        ctx,
      );
      return sessions.open(user, 'supervisor', ctx);
    },
  };
}
export type SigninService = ReturnType<typeof createSigninService>;

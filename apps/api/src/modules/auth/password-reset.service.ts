import type { ResetPasswordConfirmBody } from '@rehabit/contract';
import { isStaffRole } from '@rehabit/contract';
import { clinicScope, crossClinic } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { addMinutes } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import type { MailingCore } from '../../plugins/core.ts';
import { dataFor } from '../data-access.ts';
import { assertStrong } from './strong-password.ts';
import { toCurrentUser } from './users.repository.ts';

type Deps = MailingCore;

const RESET_TOKEN_MINUTES = 60;

/** A staff member's forgotten password: a one-hour link by e-mail, then a new password that ends every session. */
export function createPasswordResetService({ db, clock, mailer, audit, config }: Deps) {
  // The account and its reset link are found by what the caller presents before any clinic is known (decision 1340);
  // the account found is then changed in its own clinic's scope.
  const signInData = dataFor(db, crossClinic('sign-in'));
  const usersRepo = signInData.users;
  const resets = signInData.passwordResets;

  return {
    async requestPasswordReset(email: string, ctx: RequestContext) {
      const user = await usersRepo.findByEmail(email);
      if (user && isStaffRole(user.role) && user.hasAccess) {
        const token = randomToken();
        const now = clock.now();
        await signInData
          .within(clinicScope(user.clinicId))
          .passwordResets.create(user.id, hashToken(token), now, addMinutes(now, RESET_TOKEN_MINUTES));
        const link = new URL('/reset-password', config.PUBLIC_URL);
        link.searchParams.set('uid', String(user.id));
        link.searchParams.set('token', token);
        await mailer.send({
          to: user.email,
          subject: 'Reset your Rehabit password',
          text: `Someone asked to reset the password of the Rehabit account of this address. To choose a new password, open this link within ${RESET_TOKEN_MINUTES} minutes:\n\n${link.toString()}\n\nIf it was not you, ignore this e-mail; your password stays as it is.`,
          suppress: user.clinicCode === config.RESTRICTED_CLINIC_CODE,
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
      const user = reset ? await usersRepo.findById(reset.userId) : undefined;
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
      await signInData.within(clinicScope(user.clinicId)).transaction(async (data) => {
        await data.users.update(user.id, { passwordHash, passwordChangedAt: now });
        await data.passwordResets.markAllUsed(user.id, now);
        await data.sessions.revokeAllForUser(user.id, now);
        await data.lockout.clear(`email:${user.email}`);
        await audit.record(
          {
            action: 'auth.password_reset',
            outcome: 'success',
            actorUserId: user.id,
            clinicId: user.clinicId,
            ip: ctx.ip,
          },
          data.db,
        );
      });
      return { user: toCurrentUser(user) };
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
